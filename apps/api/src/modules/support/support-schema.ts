import { builder } from '../../graphql/builder';
import { filterArgs } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import { CONTACTS_LIST } from './support-list';
import { StatusCountRef, StatusRef, UserContactDetailRef, UserContactRef } from './support-types';

pagedListQuery(CONTACTS_LIST, {
  type: 'UserContactList',
  item: UserContactRef,
  description:
    'Support inquiries (spec section 7). Date bounds are sent as the day start T00:00:00.000Z and end T23:59:59.999Z. unassigned: only inquiries without an assignee. statusCounts: the status tab counts under the other filters. Sort target openFirst: backlog, then wip, then closed, each by contactedAt in the order asked (openFirst ASC is the oldest unanswered inquiry first).',
  authScopes: { authenticated: true },
  args: () => filterArgs(CONTACTS_LIST.filters),
  load: (args, page, ctx) => ctx.services.support.list(args, page),
  extraFields: (t) => ({
    statusCounts: t.field({
      type: [StatusCountRef],
      resolve: (r: { statusCounts: Array<{ status: string; count: number }> }) => r.statusCounts,
    }),
  }),
});

builder.queryField('userContact', (t) =>
  t.field({
    description: 'One inquiry with its files and the history of its changes.',
    type: UserContactDetailRef,
    authScopes: { authenticated: true },
    args: { userContactId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.support.detail(String(args.userContactId)),
  }),
);

builder.queryField('userContactStatuses', (t) =>
  t.field({
    description: 'The inquiry statuses (backlog, wip, closed), for the status select.',
    type: [StatusRef],
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => ctx.services.support.statuses(),
  }),
);
