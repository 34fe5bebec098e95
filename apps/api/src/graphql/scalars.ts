import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import {
  checkDecimalText,
  DECIMAL_TEXT,
  MAX_DECIMAL_INTEGER_DIGITS,
  MAX_DECIMAL_SCALE,
  type TranslatedReason,
} from '@app/shared';

/** A refused input value: the caller's bad input, with the reason the web app translates. */
function badInput(message: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      code: 'BAD_USER_INPUT',
      reason: 'INVALID_VALUE' satisfies TranslatedReason,
      params: {},
    },
  });
}

/**
 * Every Decimal input is bounded here, before any resolver, arithmetic or SQL: a plain decimal
 * string with at most 30 digits before the point and 18 after (the finest unit's scale).
 * Arguments with a unit check its scale on top (`nonNegativeAmount`, shared/list-input.ts).
 */
function parseDecimal(value: unknown): string {
  if (typeof value !== 'string') {
    throw badInput('Decimal values are strings of digits such as "12.345".');
  }
  const problem = checkDecimalText(value, { allowNegative: true });
  if (problem?.problem === 'format') {
    throw badInput('Decimal values are strings of digits such as "12.345".');
  }
  if (problem) {
    throw badInput(
      `Decimal values have at most ${MAX_DECIMAL_INTEGER_DIGITS} digits before the decimal point and ${MAX_DECIMAL_SCALE} after it.`,
    );
  }
  return value;
}

/** Exact amounts travel as decimal strings; a JavaScript number never holds one. */
export const DecimalScalar = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description: 'An exact decimal number, as a string such as "1.000000000000000001".',
  serialize: (value) => {
    // An unexpected error (masked): a stored amount that is not a decimal is our bug.
    const text = typeof value === 'string' ? value : String(value);
    if (!DECIMAL_TEXT.test(text)) throw new Error(`not a Decimal: ${text}`);
    return text;
  },
  parseValue: parseDecimal,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw badInput('Decimal values must be strings.');
    return parseDecimal(ast.value);
  },
});

function parseDateTime(value: unknown): Date {
  if (typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && /^\d{4}-\d{2}-\d{2}/.test(value)) return date;
  }
  throw badInput('DateTime values are ISO-8601 strings such as "2026-01-31T00:00:00.000Z".');
}

export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An instant, as an ISO-8601 string in UTC.',
  serialize: (value) => {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new Error(`not a DateTime: ${String(value)}`);
    return date.toISOString();
  },
  parseValue: parseDateTime,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw badInput('DateTime values must be strings.');
    return parseDateTime(ast.value);
  },
});

/** A file of a GraphQL multipart upload, as yoga hands it over (a WHATWG File). */
export type UploadFile = {
  readonly name: string;
  readonly size: number;
  readonly type: string;
  arrayBuffer: () => Promise<ArrayBuffer>;
};

function isUploadFile(value: unknown): value is UploadFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as UploadFile).arrayBuffer === 'function' &&
    typeof (value as UploadFile).size === 'number'
  );
}

/**
 * Files arrive by the GraphQL multipart request spec (yoga reads them; http/csrf.ts requires
 * the token or x-graphql-yoga-csrf header on such requests, and platform/imports refuses an
 * oversized body before it is read). Only variables can carry a file, never a literal.
 */
export const UploadScalar = new GraphQLScalarType<UploadFile, never>({
  name: 'Upload',
  description: 'A file sent as a GraphQL multipart request (variables only).',
  serialize: () => {
    throw new Error('Upload is an input-only scalar');
  },
  parseValue: (value) => {
    if (!isUploadFile(value)) throw badInput('Upload values must be files sent as multipart.');
    return value;
  },
  parseLiteral: () => {
    throw badInput('Upload values must be files sent as multipart variables.');
  },
});
