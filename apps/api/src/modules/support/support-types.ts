import { builder } from '../../graphql/builder';
import type { ContactHistoryRow, ContactListRow } from './support-repository';
import type { ContactDetail, ContactMessage } from './support-service';
import { supportFileUrl } from './support-files-route';

/** The GraphQL object types of inquiries: the list and detail queries' and the writes' answers. */

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
    delivery: t.expose('delivery', {
      type: MessageDeliveryRef,
      nullable: true,
      description: 'The mail of a reply; null for a note.',
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
    statusChangedAt: t.expose('statusChangedAt', {
      type: 'DateTime',
      description: 'When the status last changed (the contact time until the first change).',
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

export const UserContactRef = builder.objectRef<ContactListRow>('UserContact').implement({
  description: 'A support inquiry (spec section 3, "User contact").',
  fields: (t) => contactFields(t),
});

export const UserContactDetailRef = builder
  .objectRef<ContactDetail>('UserContactDetail')
  .implement({
    description: 'An inquiry with the history of its changes, oldest first.',
    fields: (t) => ({
      ...contactFields(t as never),
      history: t.field({ type: [HistoryRef], resolve: (c) => c.history }),
      messages: t.expose('messages', {
        type: [MessageRef],
        description: 'Replies and internal notes, oldest first.',
      }),
    }),
  });

export const StatusRef = builder
  .objectRef<{ id: number; name: string }>('UserContactStatus')
  .implement({ fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }) });

export const StatusCountRef = builder
  .objectRef<{ status: string; count: number }>('UserContactStatusCount')
  .implement({
    fields: (t) => ({ status: t.exposeString('status'), count: t.exposeInt('count') }),
  });

/** What every inquiry write answers: the inquiry as it is now. */
export const ContactChangeRef = builder
  .objectRef<{ message: string; userContact: ContactDetail }>('UserContactChangeResult')
  .implement({
    fields: (t) => ({
      message: t.exposeString('message'),
      userContact: t.expose('userContact', { type: UserContactDetailRef }),
    }),
  });
