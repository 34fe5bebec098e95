export * from './constants';
export * from './error-codes';
export * from './validation';
export * from './domain-values';
export * from './decimal';
export * from './decimal-text';
export * from './transitions';
export * from './statistics';
