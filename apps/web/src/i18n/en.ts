import type { Messages } from './ja';

export const en: Messages = {
  app: {
    title: 'Admin Console',
    loading: 'Loading…',
  },
  auth: {
    signInTitle: 'Sign in',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    signingIn: 'Signing in…',
    logout: 'Logout',
  },
  dashboard: {
    title: 'Dashboard',
    signedInAs: 'Signed in as {{userName}} ({{email}})',
    roles: 'Roles',
  },
  validation: {
    required: 'Please input {{field}}',
    email: 'The {{field}} field format is invalid',
  },
  errors: {
    UNAUTHENTICATED: 'Authorization expired. Please sign in again.',
    FORBIDDEN: 'You do not have permission to perform this action.',
    BAD_USER_INPUT: 'Some input is invalid.',
    INVALID_CREDENTIALS: 'The email or password is incorrect.',
    NOT_FOUND: 'The item was not found.',
    CONFLICT: 'This conflicts with another change. Please reload.',
    TOO_MANY_REQUESTS: 'Too many attempts. Please try again later.',
    INTERNAL_SERVER_ERROR: 'An unexpected error occurred on the server.',
    network: 'Server error!',
    generic: 'Error: {{message}}',
  },
};
