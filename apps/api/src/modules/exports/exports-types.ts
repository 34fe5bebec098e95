import { builder } from '../../graphql/builder';
import type { ExportLink } from '../../platform/exports';

/** What every export query answers (spec section 7: "returning a download url"). */
export const ExportLinkRef = builder.objectRef<ExportLink>('ExportLink').implement({
  description:
    'A short-lived download link bound to the admin who asked: GET it with the X-ADMIN-ACCESS-TOKEN header or the download cookie set at sign-in.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Path of the file, under /downloads.' }),
    expiresAt: t.field({ type: 'DateTime', resolve: (link) => link.expiresAt }),
    fileName: t.exposeString('fileName'),
  }),
});
