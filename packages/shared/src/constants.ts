/** Business constants of spec section 9, shared by server and web app. */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest page a list call returns; bigger extracts belong in a CSV export. */
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_OFFSET = 0;
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
export const ACCESS_TOKEN_HEADER = 'X-ADMIN-ACCESS-TOKEN';
export const ACCESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const GRAPHQL_PATH = '/graphql-admin';
export const LOGIN_PATH = '/login';
export const SUPPORTED_LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';
export const ROLE_NAMES = ['read', 'write', 'super_admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
