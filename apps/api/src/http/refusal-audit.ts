import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GRAPHQL_PATH } from '@app/shared';
import type { Services } from '../graphql/context';
import { resolveRequestAdmin } from '../graphql/request-admin';
import type { AuthenticatedAdmin } from '../shared/authenticated-admin';

/**
 * Refusals outside GraphQL leave a trace (issue 33): the upload gate (401, 403, 411, 413,
 * 503), download links (401, 403, 404, 410 expired, 429) and check reports (401, 403, 404).
 * One hook, after the answer is sent (a refusal is never slowed by its audit row), writes an
 * audit row `requestRefused` with the gate, method, path (never the query: it may carry a
 * link), status, code and reason, in its own transaction. A route may note who was refused
 * and why when the hook could not tell (a download's cookie session, an expired link).
 * Anonymous refusals (401) are recorded too, with no admin: an upload or a download tried
 * without a session is what an audit of access should show.
 */
type RefusalGate = 'upload' | 'download' | 'checkReport';

/** The audited refusal statuses and the code each answers when the route noted none. */
const STATUS_CODES: Record<number, string> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  410: 'LINK_EXPIRED',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'IMPORT_BUSY',
};

type RefusalNote = {
  admin?: Pick<AuthenticatedAdmin, 'id' | 'userName'> | null;
  code?: string;
  reason?: string | null;
};

const notes = new WeakMap<FastifyRequest, RefusalNote>();

/** Notes who was refused and why, for the audit row the hook writes after the answer. */
export function noteRefusal(request: FastifyRequest, note: RefusalNote): void {
  notes.set(request, { ...notes.get(request), ...note });
}

/** Which gate a request went through, or null (every other route's answers are not audited here). */
function refusalGate(request: FastifyRequest): RefusalGate | null {
  const path = request.url.split('?')[0]!;
  if (path.startsWith('/downloads/')) return 'download';
  if (path.startsWith('/import-reports/')) return 'checkReport';
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (path === GRAPHQL_PATH && request.method === 'POST' && type === 'multipart/form-data')
    return 'upload';
  return null;
}

export function registerRefusalAudit(app: FastifyInstance, services: Services): void {
  // Callback style: every answer passes here and almost none is a refusal; an async hook cost
  // a promise per request. A refusal's row is written before the hook is done, as before.
  app.addHook('onResponse', (request, reply, done) => {
    const code = STATUS_CODES[reply.statusCode];
    const gate = code === undefined ? null : refusalGate(request);
    if (code === undefined || !gate) return done();
    void auditRefusal(services, request, reply.statusCode, gate, code).then(() => done());
  });
}

async function auditRefusal(
  services: Services,
  request: FastifyRequest,
  status: number,
  gate: RefusalGate,
  code: string,
): Promise<void> {
  const note = notes.get(request) ?? {};
  try {
    const admin =
      note.admin !== undefined ? note.admin : await resolveRequestAdmin(services, request);
    await services.audit.record(
      {
        adminUserId: admin?.id ?? null,
        adminUserName: admin?.userName ?? null,
        requestId: request.id,
        ip: request.ip,
        audited: [],
      },
      'requestRefused',
      admin ? [admin.id] : [],
      {
        gate,
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 200),
        status,
        code: note.code ?? code,
        reason: note.reason ?? null,
      },
    );
  } catch (error) {
    // The answer is gone already; a trail that could not be written is logged, not lost.
    request.log.error({ err: error }, 'could not audit a refused request');
  }
}
