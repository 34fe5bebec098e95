import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS_TOKEN_HEADER, AUTHORIZATION_ERROR_MESSAGE, FORBIDDEN_MESSAGE } from '@app/shared';
import { noteRefusal } from '../../http/refusal-audit';
import {
  DOWNLOADS_PATH,
  downloadCookieToken,
  exportAccessAllows,
  type DownloadRecord,
} from '../../platform/exports';
import type { ExportObservation } from '../../platform/metrics';
import { AppError } from '../../shared/app-error';
import type { AuthService } from '../auth/auth-service';
import type { ExportsService } from './exports-service';

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ errors: [{ message, extensions: { code } }] });
}

/**
 * `GET /downloads/:file?link=…`: the file behind a link an export query returned. The link alone
 * opens nothing: the request must also carry the session of the admin the link names, as the
 * `X-ADMIN-ACCESS-TOKEN` header (fetch) or the download cookie (a plain link click).
 * No session: 401; another admin's link or a forged one: 403; an expired one: 410.
 */
export function registerDownloadRoute(
  app: FastifyInstance,
  auth: Pick<AuthService, 'authenticate'>,
  exportsService: ExportsService,
  /** Told of every download's outcome, rows, bytes and time (the metrics). */
  observe?: (observation: ExportObservation) => void,
): void {
  app.get<{ Params: { file: string }; Querystring: { link?: string } }>(
    `${DOWNLOADS_PATH}/:file`,
    { exposeHeadRoute: false },
    async (request, reply) => {
      // Personal data: never cached, never sniffed into something else.
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      const header = request.headers[ACCESS_TOKEN_HEADER.toLowerCase()];
      const token =
        (Array.isArray(header) ? header[0] : header)?.trim() || downloadCookieToken(request);
      const admin = await auth.authenticate(token);
      // Who a refusal below refused (the session may be the download cookie): its audit row.
      noteRefusal(request, { admin });
      if (!admin) return refuse(reply, 401, 'UNAUTHENTICATED', AUTHORIZATION_ERROR_MESSAGE);
      if (admin.roles.length === 0 || admin.mustChangePassword || admin.totpRequired) {
        return refuse(reply, 403, 'FORBIDDEN', FORBIDDEN_MESSAGE);
      }
      const check = exportsService.check(request.query.link ?? '', admin.id);
      if (!check.ok) {
        // forged, otherAdmin or expired: the trail says which.
        noteRefusal(request, { reason: check.reason });
        return check.reason === 'expired'
          ? refuse(reply, 410, 'NOT_FOUND', 'This download link has expired; export again.')
          : refuse(reply, 403, 'FORBIDDEN', 'This download link is not yours or not valid.');
      }
      const actor = {
        adminUserId: admin.id,
        adminUserName: admin.userName,
        requestId: request.id,
        ip: request.ip,
        audited: [],
      };
      // The link was asked for under the export's rule; a role lost since then closes it (a
      // signing file's link dies with its admin's write role: docs/domain.md).
      if (!exportAccessAllows(exportsService.format(check.claims.name).access, admin.roles)) {
        return refuse(reply, 403, 'FORBIDDEN', FORBIDDEN_MESSAGE);
      }
      const started = performance.now();
      const name = check.claims.name;
      const observed = (outcome: ExportObservation['outcome'], rows: number, bytes: number) =>
        observe?.({
          export: name,
          outcome,
          rows,
          bytes,
          seconds: (performance.now() - started) / 1000,
        });
      let ended: DownloadRecord | undefined;
      let opened;
      let body: Readable;
      try {
        opened = exportsService.open(actor, name, check.claims.filters, check.claims.fileName, {
          onEnd: (record) => {
            ended = record;
          },
        });
        body = await opened.stream();
      } catch (error) {
        if (error instanceof AppError) {
          observed('refused', 0, 0);
          const status = error.code === 'TOO_MANY_REQUESTS' ? 429 : 400;
          return refuse(reply, status, error.code, error.message);
        }
        observed('failed', 0, 0);
        throw error;
      }
      if (observe) {
        // Counts the bytes that pass; reported once the last one has (flush) or the download
        // stopped short (close). pipeline ends the file's stream when the client leaves.
        let bytes = 0;
        let reported = false;
        const report = (complete: boolean) => {
          if (reported) return;
          reported = true;
          observed(complete ? 'complete' : 'aborted', ended?.rows ?? 0, bytes);
        };
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            callback(null, chunk);
          },
          flush(callback) {
            report(ended?.complete ?? false);
            callback();
          },
        });
        counter.once('close', () => report(false));
        body = pipeline(body, counter, () => {});
      }
      body.on('error', (error) => {
        // Headers are gone: Fastify destroys the connection, so the client sees a broken
        // transfer (no final chunk), never a silently short file.
        request.log.error({ err: error }, 'export stream failed');
      });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${opened.fileName}"`);
      return reply.send(body);
    },
  );
}
