/**
 * Who is acting, taken from the request: every audited change names its admin, request id
 * and IP. `audited` collects the operations recorded during the request, so the GraphQL
 * layer can check that no mutation slipped through without an audit row.
 */
export type Actor = {
  adminUserId: number | null;
  adminUserName: string | null;
  requestId: string | null;
  ip: string | null;
  /** The operations (audit event names) written so far. */
  audited: string[];
};

/** An actor for changes made outside a request (scripts, workers). */
export function systemActor(name: string): Actor {
  return { adminUserId: null, adminUserName: name, requestId: null, ip: null, audited: [] };
}
