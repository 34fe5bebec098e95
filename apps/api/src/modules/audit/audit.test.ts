import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrator';
import { systemClock } from '../../shared/clock';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { hashAuditRow } from './audit-hash';
import { readAuditRowsAfter } from './audit-repository';
import { createAuditService } from './audit-service';
import { systemActor } from '../../shared/actor';
import { commandEvent } from '../../platform/commands';
import { SIGN_OUT_EVERYWHERE } from '../auth/commands/sign-out-everywhere';

const SIGN_OUT_EVERYWHERE_EVENT = commandEvent(SIGN_OUT_EVERYWHERE);

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.login('super@example.com');
});
afterAll(async () => {
  await t.close();
});

const verify = () => createAuditService(t.database.db, systemClock).verifyChain(7);

type Row = {
  id: string;
  operation: string;
  admin_user_name: string | null;
  request_id: string | null;
  ip: string | null;
};

describe('the audit trail', () => {
  it('records who, when, what, which records, before and after, request id and IP', async () => {
    const response = await fetch(`${t.baseUrl}/graphql-admin`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-admin-access-token': superToken,
        'x-request-id': 'req-audit-1',
      },
      body: JSON.stringify({
        query:
          'mutation { postAddNewAdminUser(userName: "audit01", email: "audit01@example.com", roles: ["read"]) { user { id } } }',
      }),
    });
    const body = (await response.json()) as {
      data: { postAddNewAdminUser: { user: { id: number } } };
    };
    const id = body.data.postAddNewAdminUser.user.id;
    const row = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('request_id', '=', 'req-audit-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      admin_user_name: 'super01',
      operation: 'postAddNewAdminUser',
      target_type: 'admin_user',
      target_ids: [String(id)],
      ip: '127.0.0.1',
    });
    expect(row.summary).toMatchObject({
      before: null,
      after: { id, userName: 'audit01', roles: ['read'] },
    });
    expect(Math.abs(new Date(row.occurred_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('audits sign-in, failed sign-in of a known account and sign-out', async () => {
    const token = await t.login('reader@example.com');
    await t.gql('mutation { postSignOut }', {}, token);
    await fetch(`${t.baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', password: 'Wrong1234' }),
    });
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['operation', 'admin_user_name'])
      .where('admin_user_name', '=', 'reader01')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.operation)).toEqual(['postSignIn', 'postSignOut', 'signInFailed']);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(sql`UPDATE audit_log SET operation = 'x'`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('keeps one linear chain under concurrent mutations', async () => {
    const tokens = await Promise.all(
      ['writer@example.com', 'reader@example.com', 'super@example.com'].map((e) => t.login(e)),
    );
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.gql('mutation { postUpdateAdminUserProfile { message } }', {}, tokens[i % tokens.length]),
      ),
    );
    const check = await verify();
    expect(check).toMatchObject({ ok: true });
    const ids = (
      await t.database.db.selectFrom('audit_log').select('id').orderBy('id').execute()
    ).map((r) => Number(r.id));
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
  });

  it('lists rows for super admins with filters and pagination (defaults limit 20, offset 0, newest first)', async () => {
    const QUERY = `query ($adminUserId: Int, $operation: String, $targetId: String, $dateFrom: DateTime, $dateUntil: DateTime, $pagination: PaginationInput) {
      auditLogs(adminUserId: $adminUserId, operation: $operation, targetId: $targetId, dateFrom: $dateFrom, dateUntil: $dateUntil, pagination: $pagination) {
        list { id occurredAt adminUserId adminUserName operation targetType targetIds summary requestId ip hash prevHash }
        pagination { limit offset totalRecords sort { target orderBy } }
      }
    }`;
    type Result = {
      auditLogs: {
        list: (Row & {
          targetIds: string[];
          summary: string;
          adminUserName: string;
          adminUserId: number;
          occurredAt: string;
        })[];
        pagination: {
          limit: number;
          offset: number;
          totalRecords: number;
          sort: { target: string; orderBy: string };
        };
      };
    };
    const all = await t.gql<Result>(QUERY, {}, superToken);
    expect(all.errors).toBeUndefined();
    const total = Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(all.data!.auditLogs.pagination).toEqual({
      limit: 20,
      offset: 0,
      totalRecords: total,
      sort: { target: 'id', orderBy: 'DESC' },
    });
    expect(all.data!.auditLogs.list).toHaveLength(Math.min(20, total));
    expect(Number(all.data!.auditLogs.list[0]!.id)).toBe(total);
    expect(JSON.parse(all.data!.auditLogs.list[0]!.summary)).toHaveProperty('before');

    const page2 = await t.gql<Result>(
      QUERY,
      { pagination: { limit: 5, offset: 5, sort: { target: 'id', orderBy: 'ASC' } } },
      superToken,
    );
    expect(page2.data!.auditLogs.list.map((r) => Number(r.id))).toEqual([6, 7, 8, 9, 10]);

    const byOperation = await t.gql<Result>(
      QUERY,
      { operation: 'postAddNewAdminUser' },
      superToken,
    );
    expect(
      byOperation.data!.auditLogs.list.every((r) => r.operation === 'postAddNewAdminUser'),
    ).toBe(true);
    expect(byOperation.data!.auditLogs.pagination.totalRecords).toBe(1);

    const target = byOperation.data!.auditLogs.list[0]!.targetIds[0]!;
    const byTarget = await t.gql<Result>(QUERY, { targetId: target }, superToken);
    expect(byTarget.data!.auditLogs.list.every((r) => r.targetIds.includes(target))).toBe(true);

    const superId = byOperation.data!.auditLogs.list[0]!.adminUserId;
    const byAdmin = await t.gql<Result>(QUERY, { adminUserId: superId }, superToken);
    expect(byAdmin.data!.auditLogs.list.every((r) => r.adminUserName === 'super01')).toBe(true);

    const future = await t.gql<Result>(
      QUERY,
      { dateFrom: new Date(Date.now() + 86_400_000).toISOString() },
      superToken,
    );
    expect(future.data!.auditLogs.pagination.totalRecords).toBe(0);
    const past = await t.gql<Result>(
      QUERY,
      {
        dateUntil: new Date(Date.now() + 60_000).toISOString(),
        dateFrom: '2020-01-01T00:00:00.000Z',
      },
      superToken,
    );
    expect(past.data!.auditLogs.pagination.totalRecords).toBe(total);

    const badSort = await t.gql(
      QUERY,
      { pagination: { sort: { target: 'password_hash' } } },
      superToken,
    );
    expect(badSort.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badLimit = await t.gql(QUERY, { pagination: { limit: 0 } }, superToken);
    expect(badLimit.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('verifies the chain and detects a tampered, removed or re-hashed row', async () => {
    expect(await verify()).toMatchObject({ ok: true });
    // Tampering needs the append-only trigger out of the way, as an attacker with DDL rights would do.
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(t.database.db);
    try {
      const original = await t.database.db
        .selectFrom('audit_log')
        .select(['summary'])
        .where('id', '=', '3')
        .executeTakeFirstOrThrow();
      await sql`UPDATE audit_log SET summary = '{"before": null, "after": {"forged": true}}'::jsonb WHERE id = 3`.execute(
        t.database.db,
      );
      expect(await verify()).toMatchObject({
        ok: false,
        brokenAtId: '3',
        reason: 'row content does not match its hash',
      });
      await sql`UPDATE audit_log SET summary = ${JSON.stringify(original.summary)}::jsonb WHERE id = 3`.execute(
        t.database.db,
      );
      expect(await verify()).toMatchObject({ ok: true });

      // Forging row 2 and recomputing its hash still breaks the link from row 3.
      const [row2] = await readAuditRowsAfter(t.database.db, '1', 1);
      const forged = { ...row2!, summary: { before: null, after: { forged: true } } };
      const { hash: _old, ...fields } = forged;
      await sql`UPDATE audit_log SET summary = ${JSON.stringify(forged.summary)}::jsonb, hash = ${hashAuditRow(fields)} WHERE id = 2`.execute(
        t.database.db,
      );
      expect(await verify()).toMatchObject({
        ok: false,
        brokenAtId: '3',
        reason: 'prev_hash does not match the previous row',
      });
    } finally {
      await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`.execute(t.database.db);
    }
  });

  it('npm run audit:verify exits 0 on an intact chain and 1 on a broken one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-verify-'));
    const database = await openDatabase({ dataDir: dir });
    await migrate(database.db);
    const audit = createAuditService(database.db, systemClock);
    for (let i = 0; i < 3; i += 1) {
      await audit.withAudit(systemActor('test'), SIGN_OUT_EVERYWHERE_EVENT, async () => ({
        result: null,
        targetIds: [i],
        before: null,
        after: { revokedTokens: i + 1 },
      }));
    }
    await database.close();
    const run = (extra: Record<string, string> = {}) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/scripts/audit-verify.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, ...extra },
      });
    const ok = await run();
    expect(ok.stdout).toContain('Audit chain intact: 3 rows');

    const again = await openDatabase({ dataDir: dir });
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`.execute(again.db);
    await sql`DELETE FROM audit_log WHERE id = 2`.execute(again.db);
    await again.close();
    const broken = await run().then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Audit chain BROKEN at row 2');
    fs.rmSync(dir, { recursive: true, force: true });
    // Three PGlite starts (one migrating from empty) and two tsx processes: a minute and more
    // when CI's three lanes share two cores.
  }, 240_000);
});
