import { describe, expect, it } from 'vitest';
import { CurrentAdminDocument, UserPaymentsDocument } from '@/gql/graphql';
import { queryKeyFor } from './query-keys';

describe('queryKeyFor', () => {
  it('keys a query by its operation name, then its variables', () => {
    const variables = { input: { userId: 7 } };
    expect(queryKeyFor(UserPaymentsDocument, variables)).toEqual(['UserPayments', variables]);
    expect(queryKeyFor(CurrentAdminDocument)).toEqual(['CurrentAdmin']);
  });

  it('reads the name from a plain operation text too (what the build inlines)', () => {
    const text =
      '\n  query UserPayments($input: UserPaymentsInput) {\n    userPayments { list { userPaymentId } } }';
    expect(queryKeyFor(text as unknown as typeof UserPaymentsDocument)).toEqual(['UserPayments']);
  });
});
