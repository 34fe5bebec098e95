import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { getFeedback, resetFeedback } from './feedback';
import { handleGlobalError } from './global-error';
import { GraphQLRequestError, NetworkError } from './graphql-client';

const authError = new GraphQLRequestError([
  { message: 'Authorization error [no auth]', extensions: { code: 'UNAUTHENTICATED' } },
]);

beforeEach(async () => {
  resetFeedback();
  await i18n.changeLanguage('en');
});

describe('handleGlobalError (spec section 8)', () => {
  it('opens the auth dialog for Authorization error [no auth], without a toast', () => {
    handleGlobalError(authError, i18n.t);
    expect(getFeedback().authExpired).toBe(true);
    expect(getFeedback().toast).toBeNull();
  });

  it('shows any other GraphQL error as "Error: {message}"', () => {
    handleGlobalError(new GraphQLRequestError([{ message: 'User 12 does not exist' }]), i18n.t);
    expect(getFeedback().toast?.text).toBe('Error: User 12 does not exist');
    expect(getFeedback().authExpired).toBe(false);
  });

  it('translates codes whose server text is generic', async () => {
    await i18n.changeLanguage('ja');
    handleGlobalError(
      new GraphQLRequestError([{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }]),
      i18n.t,
    );
    expect(getFeedback().toast?.text).toBe('エラー: この操作を行う権限がありません。');
  });

  it('tells a request that got no answer from a server failure (issue 17)', () => {
    handleGlobalError(new NetworkError(new TypeError('Failed to fetch'), false), i18n.t);
    expect(getFeedback().toast?.text).toBe(
      'Server error! Could not reach the server. Check the connection and try again.',
    );
  });

  it('shows "Server error!" for an HTTP failure without a GraphQL answer', () => {
    handleGlobalError(new NetworkError(new Error('HTTP 502')), i18n.t);
    expect(getFeedback().toast?.text).toBe('Server error!');
  });

  it('keeps only one toast: a newer one replaces the older', () => {
    handleGlobalError(new GraphQLRequestError([{ message: 'first' }]), i18n.t);
    handleGlobalError(new GraphQLRequestError([{ message: 'second' }]), i18n.t);
    expect(getFeedback().toast?.text).toBe('Error: second');
  });

  it('stays silent for calls that report their own errors (sign-in, sign-out)', () => {
    handleGlobalError(authError, i18n.t, { silentError: true });
    handleGlobalError(new NetworkError(null), i18n.t, { silentError: true });
    expect(getFeedback()).toMatchObject({ authExpired: false, toast: null });
  });
});
