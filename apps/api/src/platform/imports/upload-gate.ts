import type { FastifyReply, FastifyRequest } from 'fastify';
import { accessRefusal, grantedRules } from '../../graphql/builder';
import type { AuthenticatedAdmin } from '../../shared/authenticated-admin';

/** The message of IMPORT_BUSY (the web app shows its own translation of the code). */
const IMPORT_BUSY_MESSAGE =
  'This server is already reading as many uploads as it takes at once; nothing was read or changed. Send the file again in a minute.';

export function isMultipart(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return request.method === 'POST' && type === 'multipart/form-data';
}

type UploadGate = {
  /**
   * Decides on a multipart request before a byte of its body is read: an anonymous caller is
   * answered 401, a caller who may not write 403 (every call that takes a file needs `write`),
   * and one upload more than the process reads at once 503 IMPORT_BUSY. An admitted upload
   * holds its slot until its response is finished or its connection closes. False: answered.
   */
  admit: (
    request: FastifyRequest,
    reply: FastifyReply,
    admin: AuthenticatedAdmin | null,
  ) => boolean;
  /** Uploads being read or imported now (tests, logs). */
  running: () => number;
};

const gates = new WeakMap<object, UploadGate>();

/** The gate of an app built by buildApp (tests wait on `running()`). */
export function uploadGateOf(app: object): UploadGate | undefined {
  return gates.get(app);
}

export function registerUploadGate(app: object, gate: UploadGate): void {
  gates.set(app, gate);
}

export function createUploadGate(maxConcurrent: number): UploadGate {
  let running = 0;
  return {
    running: () => running,
    admit: (request, reply, admin) => {
      if (!grantedRules(admin).write) {
        // The refusal the call itself would answer (no session, a password to change, …).
        const refusal = accessRefusal(admin);
        refuse(reply, admin === null ? 401 : 403, refusal.code, refusal.message, refusal.details);
        return false;
      }
      if (running >= maxConcurrent) {
        reply.header('retry-after', '30');
        refuse(reply, 503, 'IMPORT_BUSY', IMPORT_BUSY_MESSAGE, { maxConcurrent });
        return false;
      }
      running++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        running--;
      };
      reply.raw.once('finish', release);
      reply.raw.once('close', release);
      return true;
    },
  };
}

function refuse(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): void {
  // The body was not read: the connection is closed after the answer, so the rest of the
  // upload is never received.
  reply.header('connection', 'close');
  void reply.code(status).send({ errors: [{ message, extensions: { code, ...extra } }] });
}
