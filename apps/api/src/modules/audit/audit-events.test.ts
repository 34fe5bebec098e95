import fs from 'node:fs';
import path from 'node:path';
import {
  AUDIT_OPERATION_KINDS,
  AUDIT_OPERATIONS,
  OTHER_AUDIT_EVENTS,
  type AuditOperation,
} from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { createAuditService, type AuditService } from './audit-service';
import { systemActor } from '../../shared/actor';
import { commandEvent } from '../../platform/commands';
import { CONFIRM_TOTP_ENROLLMENT } from '../auth/commands/confirm-totp-enrollment';
import { SIGN_IN } from '../auth/commands/sign-in';
import { REJECT_WITHDRAWALS } from '../withdrawals/commands/reject-requests';

/**
 * Registered events no code writes yet, each with why it is kept. A registered event that is
 * neither written nor listed here fails the test below: the registry holds no dead names.
 */
const RESERVED: Partial<Record<AuditOperation, string>> = {};

const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Compiled, never run: each call names an event no command or OTHER_AUDIT_EVENTS declares, or
 * hands a summary of another shape than its declaration's, and `npm run typecheck` fails if any
 * of them compiles (an unused `@ts-expect-error` is an error).
 */
function rejectedAtCompileTime(audit: AuditService) {
  const actor = systemActor('types');
  const confirmTotp = commandEvent(CONFIRM_TOTP_ENROLLMENT);
  const reject = commandEvent(REJECT_WITHDRAWALS);
  const signIn = commandEvent(SIGN_IN);
  // @ts-expect-error a command's event is written through its declaration, not by name
  void audit.withAudit(actor, 'postConfirmTotpEnrollment', async () => ({
    result: null,
    targetIds: [1],
    before: { twoFactor: false },
    after: { twoFactor: true },
  }));
  // @ts-expect-error an operation the registry does not know
  void audit.withAudit(actor, 'postSomethingUnknown', async () => ({
    result: null,
    targetIds: [],
    before: null,
    after: null,
  }));
  // @ts-expect-error a facts event is not a change (signInFailed is written with record)
  void audit.withAudit(actor, 'signInFailed', async () => ({
    result: null,
    targetIds: [],
    before: null,
    after: null,
  }));
  // @ts-expect-error twoFactor is a boolean in the command's declared shape
  void audit.withAudit(actor, confirmTotp, async () => ({
    result: null,
    targetIds: [1],
    before: { twoFactor: false },
    after: { twoFactor: 'yes' },
  }));
  // @ts-expect-error a rejection's after names its rejectCode and rejectReason
  void audit.withAuditEach(actor, reject, async () => ({
    result: null,
    changes: [
      {
        targetIds: ['1'],
        before: { status: 'requested', revision: 1 },
        after: { status: 'rejected', revision: 2 },
      },
    ],
  }));
  // @ts-expect-error a change event is not facts
  void audit.record(actor, signIn, [1], { reason: 'password' });
  // @ts-expect-error signInFailed's reason is password or totp
  void audit.record(actor, 'signInFailed', [1], { reason: 'guess' });
}
void rejectedAtCompileTime;

describe('the audit event registry', () => {
  // A command's event is written by its handler (the runner checks it does); the events no
  // command declares are written by name, so each name must occur in some writer.
  it('has every event no command declares written by some code path, or listed as reserved', () => {
    const text = sources(SRC)
      .filter((file) => !file.includes(`${path.sep}shared${path.sep}`))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const unwritten = (Object.keys(OTHER_AUDIT_EVENTS) as AuditOperation[]).filter(
      (operation) => !text.includes(`'${operation}'`) && RESERVED[operation] === undefined,
    );
    expect(unwritten).toEqual([]);
    const stale = Object.keys(RESERVED).filter((operation) => text.includes(`'${operation}'`));
    expect(stale).toEqual([]);
  });

  it('names a target type for every event, and every event is a change, facts or both', () => {
    for (const operation of AUDIT_OPERATIONS) {
      const event = AUDIT_OPERATION_KINDS[operation];
      expect(event.targetType, operation).toMatch(/^[a-z_]+$/);
      expect(['change', 'facts', 'changeAndFacts'], operation).toContain(event.kind);
    }
  });

  describe('at run time', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    it("stores the event's target type, and refuses an unregistered name that got past the types", async () => {
      const audit = createAuditService(database.db, () => new Date('2026-11-27T00:00:00Z'));
      await audit.record(systemActor('test'), 'signInFailed', [7], { reason: 'totp' });
      const page = await audit.list(
        {},
        { limit: 10, offset: 0, sort: { target: 'id', orderBy: 'asc' } },
      );
      expect(page.rows.map((r) => [r.operation, r.targetType, r.summary])).toEqual([
        ['signInFailed', 'admin_user', { reason: 'totp' }],
      ]);
      const unknown = 'postSomethingUnknown' as 'signInFailed';
      await expect(
        audit.record(systemActor('test'), unknown, [7], { reason: 'totp' }),
      ).rejects.toThrow('postSomethingUnknown is not a registered audit event.');
      expect((await audit.verifyChain()).ok).toBe(true);
    });
  });
});
