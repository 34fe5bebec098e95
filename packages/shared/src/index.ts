export * from './constants';
export * from './error-codes';
export * from './validation';
export * from './domain-values';
export * from './statistics';
