import type { FastifyInstance, FastifyReply } from 'fastify';
import { AUTHORIZATION_ERROR_MESSAGE, FORBIDDEN_MESSAGE } from '@app/shared';
import type { Services } from '../../graphql/context';
import { resolveRequestAdmin } from '../../graphql/request-admin';
import type { FileStorage } from '../../platform/storage';

/** Where an inquiry's file is downloaded (GET, signed-in admins only). */
const SUPPORT_FILES_PATH = '/files/support';

export function supportFileUrl(fileId: string): string {
  return `${SUPPORT_FILES_PATH}/${encodeURIComponent(fileId)}`;
}

/** A file is never rendered by the browser: no script, no plugin, no sniffing. */
const DOWNLOAD_CSP = "sandbox; default-src 'none'";

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266, RFC 8187). */
function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._-]/g, '_') || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function refuse(reply: FastifyReply, status: 401 | 403 | 404, message: string) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message }] });
}

/**
 * GET /files/support/:fileId: an inquiry's attachment, to a signed-in admin (the access-token
 * header), always as a download whatever type the end user claimed for it.
 */
export function registerSupportFilesRoute(
  app: FastifyInstance,
  services: Services,
  storage: FileStorage,
): void {
  app.get<{ Params: { fileId: string } }>(`${SUPPORT_FILES_PATH}/:fileId`, {
    // Route hooks run after the app's, so this CSP replaces the page CSP on these answers.
    onSend: async (_request, reply) => {
      reply.header('content-security-policy', DOWNLOAD_CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cache-control', 'no-store');
    },
    handler: async (request, reply) => {
      const admin = await resolveRequestAdmin(services, request);
      if (!admin) return refuse(reply, 401, AUTHORIZATION_ERROR_MESSAGE);
      if (admin.mustChangePassword || admin.totpRequired) {
        return refuse(reply, 403, FORBIDDEN_MESSAGE);
      }
      const file = await services.support.file(request.params.fileId);
      const opened = file ? await storage.open(file.storageKey) : undefined;
      if (!file || !opened) return refuse(reply, 404, 'File not found.');
      try {
        await services.support.recordDownload(
          {
            adminUserId: admin.id,
            adminUserName: admin.userName,
            requestId: request.id,
            ip: request.ip,
            audited: [],
          },
          { ...file, sizeBytes: opened.sizeBytes },
        );
      } catch (error) {
        opened.stream.destroy();
        throw error;
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('content-length', String(opened.sizeBytes))
        .send(opened.stream);
    },
  });
}
