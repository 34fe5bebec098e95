import type { Locale } from '@app/shared';
import type { Actor } from '../shared/actor';
import type { AuthenticatedAdmin } from '../shared/authenticated-admin';

export type { AuthenticatedAdmin };

/**
 * The services a resolver reaches through `ctx.services`, one per module. Empty here on
 * purpose: the server assembly (`server/services.ts`) declares its members, by declaration
 * merging, next to the code that builds them, so the GraphQL kit imports no module and a
 * new service is named in one place.
 */
// An interface, not a type: only an interface can be completed from server/.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type
export interface Services {}

export type GraphQLContext = {
  requestId: string;
  ip: string;
  /** The request's User-Agent header (kept with a session at sign-in). */
  userAgent: string | null;
  /** Language of user-facing messages (validation), from Accept-Language; English by default. */
  locale: Locale;
  admin: AuthenticatedAdmin | null;
  /** Who is acting, for the audit trail. */
  actor: Actor;
  services: Services;
  /** Sets or clears the download cookie on this answer (sign-in, sign-out); absent off HTTP. */
  downloadCookie?: { set: (accessToken: string) => void; clear: () => void };
};
