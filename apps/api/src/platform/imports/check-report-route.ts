import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SUPPORTED_LOCALES, type Locale } from '@app/shared';
import { accessRefusal, grantedRules } from '../../graphql/builder';
import type { Services } from '../../graphql/context';
import { resolveRequestAdmin } from '../../graphql/request-admin';
import { exportFileName } from '../exports';
import { checkReportCsv } from './check-report';

/** Where a check report is downloaded: `/import-reports/<kind>/<contentHash>?lang=ja`. */
export const CHECK_REPORTS_PATH = '/import-reports';

function refuse(status: number, code: string, message: string) {
  return { status, body: { errors: [{ message, extensions: { code } }] } };
}

/**
 * `GET /import-reports/:kind/:contentHash?lang=ja|en`: the check report of the caller's own
 * newest dry run of that content (every row, its names, its outcome and reasons in `lang`).
 * Only who may run an import may read one (`write`, as the upload gate asks): no session 401,
 * no `write` 403; another admin's check, or none, 404 (a report is its checking admin's own).
 * The token travels in the X-ADMIN-ACCESS-TOKEN header (the web app fetches and saves).
 */
export function registerCheckReportRoute(
  app: FastifyInstance,
  services: Services,
  options: { businessTimeZone: string },
): void {
  app.get<{ Params: { kind: string; hash: string }; Querystring: { lang?: string } }>(
    `${CHECK_REPORTS_PATH}/:kind/:hash`,
    { exposeHeadRoute: false },
    async (request, reply) => {
      // Personal data (user names): never cached, never sniffed into something else.
      reply.header('cache-control', 'no-store');
      reply.header('x-content-type-options', 'nosniff');
      const admin = await resolveRequestAdmin(services, request);
      if (!grantedRules(admin).write) {
        const refusal = accessRefusal(admin);
        const answer = refuse(admin === null ? 401 : 403, refusal.code, refusal.message);
        return reply.code(answer.status).send(answer.body);
      }
      const found = await services.imports.checkReport(
        admin!.id,
        request.params.kind,
        request.params.hash,
      );
      if (!found) {
        const answer = refuse(404, 'NOT_FOUND', 'No check of this file by you: check it again.');
        return reply.code(answer.status).send(answer.body);
      }
      const lang = request.query.lang;
      const locale: Locale = (SUPPORTED_LOCALES as readonly string[]).includes(lang ?? '')
        ? (lang as Locale)
        : 'en';
      const { report } = found;
      await services.audit.record(
        {
          adminUserId: admin!.id,
          adminUserName: admin!.userName,
          requestId: request.id,
          ip: request.ip,
          audited: [],
        },
        'downloadCheckReport',
        [report.id],
        { kind: report.kind, fileName: report.fileName, rowCount: report.rowCount },
      );
      const fileName = exportFileName(
        `${report.kind}-check-report`,
        report.createdAt,
        options.businessTimeZone,
      );
      const body = Readable.from(
        checkReportCsv(report, found.pages(), {
          locale,
          timeZone: options.businessTimeZone,
        }),
        { objectMode: false },
      );
      body.on('error', (error) => {
        // Headers are gone: the connection is destroyed, so the client never gets a short file.
        request.log.error({ err: error }, 'check report stream failed');
      });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(body);
    },
  );
}
