import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { startTestS3Server } from '../../../test/s3-server';
import { createLocalFileStorage, createS3FileStorage } from '../../platform/storage';
import { materializeDemoFiles } from '../../seed/demo-files';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'support-files-'));
const storage = createLocalFileStorage(storageDir);
let fileId: string;

let t: TestApp;
let writer: string;
let reader: string;
const ids: Record<string, string> = {};

async function endUser(n: number): Promise<number> {
  const row = await t.database.db
    .insertInto('end_users')
    .values({
      user_name: `support_user_${n}`,
      invite_code: `SUPPRT${n}`,
      email: `support${n}@example.com`,
      aube_user_id_hash: `support${n}`,
      first_name: 'Support',
      last_name: 'User',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function contact(userId: number, title: string, contactedAt: string): Promise<string> {
  const row = await t.database.db
    .insertInto('user_contacts')
    .values({ end_user_id: userId, title, content: `${title} body`, contacted_at: contactedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const LIST = `query ($userName: String, $assigneeUserName: String, $userContactStatus: String, $datetimeFrom: DateTime, $datetimeUntil: DateTime, $unassigned: Boolean, $pagination: PaginationInput) {
  userContacts(userName: $userName, assigneeUserName: $assigneeUserName, userContactStatus: $userContactStatus, datetimeFrom: $datetimeFrom, datetimeUntil: $datetimeUntil, unassigned: $unassigned, pagination: $pagination) {
    list { id userName title status contactedAt statusChangedAt categories assignee { id userName } files { id fileName sizeBytes contentType downloadUrl } }
    pagination { totalRecords limit offset sort { target orderBy } }
    statusCounts { status count }
  }
}`;
const ASSIGN = `mutation ($id: ID!, $assignee: Int) {
  postAssignAdminUserToUserContact(userContactId: $id, assigneeUserId: $assignee) {
    message userContact { id assignee { userName } history { field fromValue toValue adminUserName } }
  }
}`;
const STATUS = `mutation ($id: ID!, $status: String!) {
  postUpdateUserContactStatus(userContactId: $id, status: $status) {
    message userContact { id status statusChangedAt history { field fromValue toValue adminUserName changedAt } }
  }
}`;

type ListAnswer = {
  userContacts: {
    list: Array<{
      id: string;
      title: string;
      status: string;
      assignee: { userName: string } | null;
    }>;
    pagination: { totalRecords: number };
    statusCounts: Array<{ status: string; count: number }>;
  };
};

async function list(variables: Record<string, unknown>, token = reader) {
  const result = await t.gql<ListAnswer>(LIST, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data!.userContacts;
}

async function auditRows(operation: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['operation', 'target_ids', 'summary', 'admin_user_name'])
    .where('operation', '=', operation)
    .orderBy('id')
    .execute();
}

let writerId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { FILE_STORAGE_DIR: storageDir } });
  writer = await t.login('writer@example.com');
  reader = await t.login('reader@example.com');
  const admin = await t.database.db
    .selectFrom('admin_users')
    .select(['id'])
    .where('email', '=', 'writer@example.com')
    .executeTakeFirstOrThrow();
  writerId = admin.id;
  const alice = await endUser(1);
  const bob = await endUser(2);
  ids.old = await contact(alice, 'Oldest question', '2026-01-05T10:00:00.000Z');
  ids.mid = await contact(bob, 'Middle question', '2026-02-10T10:00:00.000Z');
  ids.new = await contact(alice, 'Newest question', '2026-03-20T23:30:00.000Z');
  await t.database.db
    .insertInto('user_contact_category_links')
    .values({ user_contact_id: ids.old!, category_id: 2 })
    .execute();
  await t.database.db
    .insertInto('user_contact_files')
    .values({
      user_contact_id: ids.old!,
      file_name: 'receipt.pdf',
      content_type: 'application/pdf',
      size_bytes: 1234,
      storage_key: 'contacts/test/receipt.pdf',
    })
    .execute();
  await storage.put('contacts/test/receipt.pdf', Buffer.from('%PDF-1.4 <script>alert(1)</script>'));
  const file = await t.database.db
    .selectFrom('user_contact_files')
    .select('id')
    .executeTakeFirstOrThrow();
  fileId = file.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
}, 120_000);

describe('attachments', () => {
  it('serves a file to a signed-in admin only, always as a download that runs nothing', async () => {
    const url = `${t.baseUrl}/files/support/${fileId}`;
    const response = await fetch(url, { headers: { 'x-admin-access-token': reader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="receipt.pdf"; filename*=UTF-8\'\'receipt.pdf',
    );
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(await response.text()).toBe('%PDF-1.4 <script>alert(1)</script>');

    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('PDF');
    const badToken = await fetch(url, { headers: { 'x-admin-access-token': 'nope' } });
    expect(badToken.status).toBe(401);
    for (const wrong of ['999999', 'abc', '0', '1%2F..%2F..']) {
      const answer = await fetch(`${t.baseUrl}/files/support/${wrong}`, {
        headers: { 'x-admin-access-token': reader },
      });
      expect(answer.status, wrong).toBe(404);
    }
  });

  it('audits each download: who, which file, which inquiry; refused ones leave no row', async () => {
    const before = (await auditRows('downloadUserContactFile')).length;
    const url = `${t.baseUrl}/files/support/${fileId}`;
    const response = await fetch(url, { headers: { 'x-admin-access-token': writer } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await fetch(url);
    await fetch(`${t.baseUrl}/files/support/999999`, {
      headers: { 'x-admin-access-token': writer },
    });
    const rows = await auditRows('downloadUserContactFile');
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    const writerName = await t.database.db
      .selectFrom('admin_users')
      .select('user_name')
      .where('id', '=', writerId)
      .executeTakeFirstOrThrow();
    expect(row.admin_user_name).toBe(writerName.user_name);
    expect(row.target_ids).toEqual([fileId]);
    expect(row.summary).toEqual({
      before: null,
      after: { userContactId: ids.old, fileName: 'receipt.pdf', sizeBytes: 34 },
    });
  });

  it('gives generated inquiries real files whose recorded size is their size', async () => {
    const contactId = ids.mid!;
    await t.database.db
      .insertInto('user_contact_files')
      .values([
        {
          user_contact_id: contactId,
          file_name: 'screenshot-9.png',
          content_type: 'image/png',
          size_bytes: 1_500_000,
          storage_key: `contacts/${contactId}/9-demo`,
        },
        {
          user_contact_id: contactId,
          file_name: 'statement-10.pdf',
          content_type: 'application/pdf',
          size_bytes: 30_000,
          storage_key: `contacts/${contactId}/10-demo`,
        },
      ])
      .execute();
    expect(await materializeDemoFiles(t.database.db, storage)).toBe(2);
    expect(await materializeDemoFiles(t.database.db, storage)).toBe(0);
    const png = await storage.open(`contacts/${contactId}/9-demo`);
    const chunks: Buffer[] = [];
    for await (const chunk of png!.stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const row = await t.database.db
      .selectFrom('user_contact_files')
      .select('size_bytes')
      .where('storage_key', '=', `contacts/${contactId}/9-demo`)
      .executeTakeFirstOrThrow();
    expect(row.size_bytes).toBe(bytes.length);
    await t.database.db
      .deleteFrom('user_contact_files')
      .where('storage_key', 'like', '%-demo')
      .execute();
  });
});

describe('attachments on S3-compatible storage (FILE_STORAGE=s3)', () => {
  it('serves the same download through GET /files/support/:fileId, audited', async () => {
    const s3 = await startTestS3Server('support-files');
    const s3App = await startTestApp({ env: s3.env });
    try {
      const userId = (
        await s3App.database.db
          .insertInto('end_users')
          .values({
            user_name: 'support_s3_user',
            invite_code: 'SUPPS3',
            email: 'supports3@example.com',
            aube_user_id_hash: 'supports3',
            first_name: 'Support',
            last_name: 'S3',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const contactRow = await s3App.database.db
        .insertInto('user_contacts')
        .values({ end_user_id: userId, title: 'S3', content: 'S3 body' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const body = Buffer.from('\u00ff\u0000binary ☃ bytes', 'utf8');
      const s3File = await s3App.database.db
        .insertInto('user_contact_files')
        .values({
          user_contact_id: contactRow.id,
          file_name: '領収書.pdf',
          content_type: 'application/pdf',
          size_bytes: body.length,
          storage_key: `contacts/${contactRow.id}/1-receipt`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await createS3FileStorage(s3.options).put(`contacts/${contactRow.id}/1-receipt`, body);

      const token = await s3App.login('reader@example.com');
      const response = await fetch(`${s3App.baseUrl}/files/support/${s3File.id}`, {
        headers: { 'x-admin-access-token': token },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent('領収書.pdf')}`,
      );
      expect(response.headers.get('content-length')).toBe(String(body.length));
      expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
      const audited = await s3App.database.db
        .selectFrom('audit_log')
        .select(['target_ids', 'summary'])
        .where('operation', '=', 'downloadUserContactFile')
        .execute();
      expect(audited).toEqual([
        {
          target_ids: [s3File.id],
          summary: {
            before: null,
            after: { userContactId: contactRow.id, fileName: '領収書.pdf', sizeBytes: body.length },
          },
        },
      ]);

      // An object missing from the bucket is a 404 like a missing local file, and not audited.
      await createS3FileStorage(s3.options).remove(`contacts/${contactRow.id}/1-receipt`);
      const gone = await fetch(`${s3App.baseUrl}/files/support/${s3File.id}`, {
        headers: { 'x-admin-access-token': token },
      });
      expect(gone.status).toBe(404);
    } finally {
      await s3App.close();
      await s3.close();
    }
  }, 120_000);
});

describe('userContacts', () => {
  it('lists newest first with categories, files, totals and status tab counts', async () => {
    const answer = await list({});
    expect(answer.list.map((c) => c.title)).toEqual([
      'Newest question',
      'Middle question',
      'Oldest question',
    ]);
    expect(answer.pagination.totalRecords).toBe(3);
    expect(answer.statusCounts).toEqual([
      { status: 'backlog', count: 3 },
      { status: 'wip', count: 0 },
      { status: 'closed', count: 0 },
    ]);
    const oldest = (await list({ userName: 'support_user_1' })).list.at(-1) as unknown as {
      categories: string[];
      files: Array<{ fileName: string; sizeBytes: number; downloadUrl: string }>;
    };
    expect(oldest.categories).toEqual(['payment']);
    expect(oldest.files).toMatchObject([
      {
        fileName: 'receipt.pdf',
        sizeBytes: 1234,
        downloadUrl: expect.stringMatching(/^\/files\/support\/\d+$/),
      },
    ]);
  });

  it('filters by user, whole-day date bounds, and sorts the oldest open first', async () => {
    expect((await list({ userName: 'SUPPORT_USER_1' })).pagination.totalRecords).toBe(2);
    const day = await list({
      datetimeFrom: '2026-03-20T00:00:00.000Z',
      datetimeUntil: '2026-03-20T23:59:59.999Z',
    });
    expect(day.list.map((c) => c.title)).toEqual(['Newest question']);
    const oldestFirst = await list({
      userContactStatus: 'backlog',
      pagination: { sort: { target: 'contactedAt', orderBy: 'ASC' } },
    });
    expect(oldestFirst.list[0]!.title).toBe('Oldest question');
    const bad = await t.gql(LIST, { userContactStatus: 'open' }, reader);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('lists the statuses, and admin names for the assignee picker', async () => {
    const result = await t.gql<{
      userContactStatuses: Array<{ id: number; name: string }>;
      adminUserNames: Array<{ id: number; userName: string }>;
    }>('{ userContactStatuses { id name } adminUserNames { id userName } }', {}, reader);
    expect(result.data!.userContactStatuses.map((s) => s.name)).toEqual([
      'backlog',
      'wip',
      'closed',
    ]);
    expect(result.data!.adminUserNames.some((a) => a.id === writerId)).toBe(true);
  });
});

describe('changes', () => {
  it('assigns, filters by assignee and unassigned, unassigns; each change audited with history', async () => {
    const assigned = await t.gql<{
      postAssignAdminUserToUserContact: {
        userContact: { assignee: { userName: string } | null; history: unknown[] };
      };
    }>(ASSIGN, { id: ids.mid, assignee: writerId }, writer);
    expect(assigned.errors).toBeUndefined();
    const detail = assigned.data!.postAssignAdminUserToUserContact.userContact;
    expect(detail.assignee?.userName).toBeTruthy();
    const writerName = detail.assignee!.userName;
    expect(detail.history).toEqual([
      { field: 'assignee', fromValue: null, toValue: writerName, adminUserName: writerName },
    ]);
    expect((await list({ assigneeUserName: writerName })).list.map((c) => c.id)).toEqual([ids.mid]);
    const unassigned = await list({ unassigned: true });
    expect(unassigned.list.map((c) => c.id).sort()).toEqual([ids.new, ids.old].sort());
    expect(unassigned.pagination.totalRecords).toBe(2);

    const removed = await t.gql<{
      postAssignAdminUserToUserContact: {
        message: string;
        userContact: { assignee: null; history: unknown[] };
      };
    }>(ASSIGN, { id: ids.mid }, writer);
    expect(removed.data!.postAssignAdminUserToUserContact.userContact.assignee).toBeNull();
    expect(removed.data!.postAssignAdminUserToUserContact.userContact.history).toHaveLength(2);
    const rows = await auditRows('postAssignAdminUserToUserContact');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.target_ids).toEqual([ids.mid]);
    expect(rows[1]!.summary).toMatchObject({
      before: { assignee: { id: writerId } },
      after: { assignee: null },
    });
  });

  it('changes the status (any transition), stamps its time, counts the tabs, keeps the history', async () => {
    const first = await t.gql<{
      postUpdateUserContactStatus: {
        userContact: {
          status: string;
          statusChangedAt: string;
          history: Array<{ toValue: string }>;
        };
      };
    }>(STATUS, { id: ids.old, status: 'wip' }, writer);
    expect(first.errors).toBeUndefined();
    const changed = first.data!.postUpdateUserContactStatus.userContact;
    expect(changed.status).toBe('wip');
    expect(new Date(changed.statusChangedAt).getTime()).toBeGreaterThan(
      new Date('2026-01-05T10:00:00.000Z').getTime(),
    );
    await t.gql(STATUS, { id: ids.old, status: 'closed' }, writer);
    const reopened = await t.gql<{
      postUpdateUserContactStatus: {
        userContact: { history: Array<{ fromValue: string; toValue: string }> };
      };
    }>(STATUS, { id: ids.old, status: 'backlog' }, writer);
    expect(
      reopened.data!.postUpdateUserContactStatus.userContact.history.map(
        (h) => `${h.fromValue}>${h.toValue}`,
      ),
    ).toEqual(['backlog>wip', 'wip>closed', 'closed>backlog']);
    await t.gql(STATUS, { id: ids.new, status: 'closed' }, writer);
    const counts = await list({});
    expect(counts.statusCounts).toEqual([
      { status: 'backlog', count: 2 },
      { status: 'wip', count: 0 },
      { status: 'closed', count: 1 },
    ]);
    const filtered = await list({ userName: 'support_user_1' });
    expect(filtered.statusCounts).toEqual([
      { status: 'backlog', count: 1 },
      { status: 'wip', count: 0 },
      { status: 'closed', count: 1 },
    ]);
    expect((await auditRows('postUpdateUserContactStatus')).length).toBe(4);
  });

  it('refuses a read admin, an unknown status and an unknown inquiry, changing nothing', async () => {
    const before = await auditRows('postUpdateUserContactStatus');
    const refused = await t.gql(STATUS, { id: ids.mid, status: 'closed' }, reader);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unknownStatus = await t.gql(STATUS, { id: ids.mid, status: 'done' }, writer);
    expect(unknownStatus.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(unknownStatus.errors?.[0]?.extensions).toMatchObject({
      field: 'status',
      problem: 'oneOf',
      params: { values: expect.stringContaining('closed') },
    });
    const unknownContact = await t.gql(STATUS, { id: '999999', status: 'closed' }, writer);
    expect(unknownContact.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'userContact', id: '999999' },
    });
    const unknownAdmin = await t.gql(ASSIGN, { id: ids.mid, assignee: 999999 }, writer);
    expect(unknownAdmin.errors?.[0]?.extensions).toMatchObject({
      code: 'NOT_FOUND',
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'adminUser', id: '999999' },
    });
    expect(await auditRows('postUpdateUserContactStatus')).toHaveLength(before.length);
    const detail = await t.gql<{ userContact: { status: string } }>(
      'query ($id: ID!) { userContact(userContactId: $id) { status } }',
      { id: ids.mid },
      reader,
    );
    expect(detail.data!.userContact.status).toBe('backlog');
  });
});

describe('unassigned counts (kept per status, 0140)', () => {
  it('equal the counted inquiries through inserts, assignments, status changes and deletes', async () => {
    const db = t.database.db;
    const plain = async (status?: string) => {
      let q = db
        .selectFrom('user_contacts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('assignee_admin_user_id', 'is', null);
      if (status) q = q.where('status', '=', status as 'wip');
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const expectCounts = async (label: string) => {
      const all = await list({ unassigned: true });
      expect(all.pagination.totalRecords, label).toBe(await plain());
      for (const tab of all.statusCounts)
        expect(tab.count, `${label}: ${tab.status} tab`).toBe(await plain(tab.status));
      const wip = await list({ unassigned: true, userContactStatus: 'wip' });
      expect(wip.pagination.totalRecords, `${label}: wip`).toBe(await plain('wip'));
    };
    await expectCounts('before');
    const user = await endUser(3);
    const added = await Promise.all([
      contact(user, 'Counted one', '2026-04-01T10:00:00.000Z'),
      contact(user, 'Counted two', '2026-04-02T10:00:00.000Z'),
    ]);
    await expectCounts('after two inquiries');
    expect((await list({ unassigned: true })).pagination.totalRecords).toBeGreaterThanOrEqual(2);
    await t.gql(ASSIGN, { id: added[0], assignee: writerId }, writer);
    await expectCounts('after an assignment');
    await t.gql(STATUS, { id: added[1], status: 'wip' }, writer);
    await expectCounts('after a status change of an unassigned inquiry');
    await t.gql(STATUS, { id: added[0], status: 'wip' }, writer);
    await t.gql(ASSIGN, { id: added[0] }, writer);
    await expectCounts('after unassigning a wip inquiry');
    expect(
      (await list({ unassigned: true, userContactStatus: 'wip' })).list.map((c) => c.id),
    ).toEqual(expect.arrayContaining(added));
    await db.deleteFrom('user_contacts').where('id', 'in', added).execute();
    await expectCounts('after deleting them');
  });
});
