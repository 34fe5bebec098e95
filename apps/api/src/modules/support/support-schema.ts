import { builder } from '../../graphql/builder';
import { commandMutation } from '../../graphql/command-fields';
import { filterArgs } from '../../graphql/filter-fields';
import { pagedListQuery } from '../../graphql/pagination';
import type { ContactHistoryRow, ContactListRow } from './support-repository';
import {
  ADD_CONTACT_NOTE,
  ASSIGN_CONTACT,
  REPLY_TO_CONTACT,
  UPDATE_CONTACT_STATUS,
} from './support-commands';
import { CONTACTS_LIST } from './support-list';
import type { ContactDetail, ContactMessage } from './support-service';
import { supportFileUrl } from './support-files-route';

type FileRow = ContactListRow['files'][number];

const UserContactFileRef = builder.objectRef<FileRow>('UserContactFile').implement({
  description: 'A file attached to an inquiry; always served as a download to signed-in admins.',
  fields: (t) => ({
    id: t.exposeID('id'),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType', { description: 'As the user uploaded it.' }),
    sizeBytes: t.exposeInt('sizeBytes'),
    downloadUrl: t.string({
      description: 'GET with the X-ADMIN-ACCESS-TOKEN header; answered as an attachment.',
      resolve: (file) => supportFileUrl(file.id),
    }),
  }),
});

const AssigneeRef = builder
  .objectRef<{ id: number; userName: string }>('UserContactAssignee')
  .implement({
    fields: (t) => ({ id: t.exposeInt('id'), userName: t.exposeString('userName') }),
  });

const HistoryRef = builder.objectRef<ContactHistoryRow>('UserContactHistory').implement({
  description: 'One change of an inquiry: its status or its assignee, by whom and when.',
  fields: (t) => ({
    id: t.exposeID('id'),
    changedAt: t.expose('changedAt', { type: 'DateTime' }),
    adminUserName: t.exposeString('adminUserName', { nullable: true }),
    field: t.exposeString('field', { description: 'status or assignee.' }),
    fromValue: t.exposeString('fromValue', { nullable: true }),
    toValue: t.exposeString('toValue', {
      nullable: true,
      description: 'The new status, or the new assignee user name (null: unassigned).',
    }),
  }),
});

const MessageDeliveryRef = builder
  .objectRef<NonNullable<ContactMessage['delivery']>>('UserContactReplyDelivery')
  .implement({
    description: "A reply's mail as the outbox delivers it.",
    fields: (t) => ({
      status: t.exposeString('status', { description: 'queued, sending, sent or failed.' }),
      toAddress: t.exposeString('toAddress'),
      sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
      smtpResponse: t.exposeString('smtpResponse', {
        nullable: true,
        description: "The SMTP server's answer to the last attempt.",
      }),
    }),
  });

const MessageRef = builder.objectRef<ContactMessage>('UserContactMessage').implement({
  description:
    'A reply mailed to the inquirer (kind reply, with its delivery) or an internal note for admins (kind note, never mailed).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'reply or note.' }),
    body: t.exposeString('body'),
    adminUserName: t.exposeString('adminUserName', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    delivery: t.field({
      type: MessageDeliveryRef,
      nullable: true,
      description: 'The mail of a reply; null for a note.',
      resolve: (m) => m.delivery,
    }),
  }),
});

function contactFields(
  t: PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, ContactListRow>,
) {
  return {
    id: t.exposeID('id'),
    userName: t.exposeString('userName'),
    title: t.exposeString('title'),
    content: t.exposeString('content'),
    status: t.exposeString('status', { description: 'backlog, wip or closed.' }),
    contactedAt: t.expose('contactedAt', { type: 'DateTime' }),
    statusChangedAt: t.field({
      type: 'DateTime',
      description: 'When the status last changed (the contact time until the first change).',
      resolve: (c) => c.statusChangedAt,
    }),
    categories: t.exposeStringList('categories'),
    files: t.field({ type: [UserContactFileRef], resolve: (c) => c.files }),
    assignee: t.field({
      type: AssigneeRef,
      nullable: true,
      resolve: (c) =>
        c.assigneeId !== null && c.assigneeUserName !== null
          ? { id: c.assigneeId, userName: c.assigneeUserName }
          : null,
    }),
  };
}

const UserContactRef = builder.objectRef<ContactListRow>('UserContact').implement({
  description: 'A support inquiry (spec section 3, "User contact").',
  fields: (t) => contactFields(t),
});

const UserContactDetailRef = builder.objectRef<ContactDetail>('UserContactDetail').implement({
  description: 'An inquiry with the history of its changes, oldest first.',
  fields: (t) => ({
    ...contactFields(t as never),
    history: t.field({ type: [HistoryRef], resolve: (c) => c.history }),
    messages: t.field({
      type: [MessageRef],
      description: 'Replies and internal notes, oldest first.',
      resolve: (c) => c.messages,
    }),
  }),
});

const StatusRef = builder
  .objectRef<{ id: number; name: string }>('UserContactStatus')
  .implement({ fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }) });

const StatusCountRef = builder
  .objectRef<{ status: string; count: number }>('UserContactStatusCount')
  .implement({
    fields: (t) => ({ status: t.exposeString('status'), count: t.exposeInt('count') }),
  });

const ChangeResultRef = builder
  .objectRef<{ message: string; userContact: ContactDetail }>('UserContactChangeResult')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      userContact: t.expose('userContact', { type: UserContactDetailRef }),
    }),
  });

pagedListQuery(CONTACTS_LIST.call, {
  type: 'UserContactList',
  item: UserContactRef,
  description:
    'Support inquiries (spec section 7). Date bounds are sent as the day start T00:00:00.000Z and end T23:59:59.999Z. unassigned: only inquiries without an assignee. statusCounts: the status tab counts under the other filters. Sort targets: contactedAt (default, DESC), statusChangedAt, id, openFirst (backlog, then wip, then closed, each by contactedAt in the order asked: openFirst ASC is the oldest unanswered inquiry first).',
  authScopes: { authenticated: true },
  sortTargets: CONTACTS_LIST.sortTargets,
  defaultSort: CONTACTS_LIST.defaultSort,
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

commandMutation(ASSIGN_CONTACT, {
  description: 'Assigns an admin to an inquiry; without assigneeUserId, unassigns it.',
  type: ChangeResultRef,
  authScopes: { write: true },
  resolve: async (input, ctx) => ({
    userContact: await ctx.services.support.assign(
      ctx.actor,
      String(input.userContactId),
      input.assigneeUserId,
    ),
    message: input.assigneeUserId ? 'Assignee updated.' : 'Assignee removed.',
  }),
});

commandMutation(UPDATE_CONTACT_STATUS, {
  description: 'Moves an inquiry to a status (backlog, wip or closed; any transition).',
  type: ChangeResultRef,
  authScopes: { write: true },
  resolve: async (input, ctx) => ({
    userContact: await ctx.services.support.updateStatus(
      ctx.actor,
      String(input.userContactId),
      input.status,
    ),
    message: 'Status updated.',
  }),
});

commandMutation(REPLY_TO_CONTACT, {
  description:
    "Answers the inquirer by mail: the reply is queued in the mail outbox (to the user's address, in the user's language) and kept in the inquiry's messages with its delivery status. A blank or too long body (extensions.problem required / maxLength) and a user without a usable address (reason MAIL_UNREACHABLE_USERS) are refused and nothing is written.",
  type: ChangeResultRef,
  authScopes: { write: true },
  resolve: async (input, ctx) => ({
    userContact: await ctx.services.support.reply(
      ctx.actor,
      String(input.userContactId),
      input.body,
      ctx.locale,
    ),
    message: 'Reply queued.',
  }),
});

commandMutation(ADD_CONTACT_NOTE, {
  description:
    'Adds an internal note to an inquiry: shown to admins in its messages, never mailed. The same body rules as a reply.',
  type: ChangeResultRef,
  authScopes: { write: true },
  resolve: async (input, ctx) => ({
    userContact: await ctx.services.support.addNote(
      ctx.actor,
      String(input.userContactId),
      input.body,
      ctx.locale,
    ),
    message: 'Note added.',
  }),
});
