import { builder } from '../../graphql/builder';
import type { SessionRow } from './auth-repository';

const AdminSessionRef = builder.objectRef<SessionRow>('AdminSession').implement({
  description:
    'One signed-in session of the admin: it ends at expiresAt, or after the idle timeout without use.',
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      description: 'Recorded at most once a minute.',
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    ip: t.exposeString('ip', { nullable: true, description: 'Where it signed in from.' }),
    userAgent: t.exposeString('userAgent', {
      nullable: true,
      description:
        'The User-Agent header it signed in with (at most 512 characters); null for sessions from before it was kept.',
    }),
    current: t.exposeBoolean('current', { description: 'The session of this request.' }),
  }),
});

builder.queryField('adminSessions', (t) =>
  t.field({
    description: "The signed-in admin's own live sessions, the most recently used first.",
    type: [AdminSessionRef],
    authScopes: { self: true },
    resolve: (_root, _args, ctx) => ctx.services.auth.sessions(ctx.admin!.id, ctx.admin!.tokenHash),
  }),
);
