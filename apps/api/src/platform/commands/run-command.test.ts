import { change, facts, namedEvent } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Services } from '../../graphql/context';
import { createAuditService } from '../../modules/audit/audit-service';
import { deleteAccessTokensOfAdmin } from '../../modules/auth/auth-repository';
import { systemActor } from '../../shared/actor';
import type { CommandEnv, CommandEvents, HandledCommand } from './define-command';
import { runCommand } from './run-command';

// Issue 34, "a write is one file": the runner hands a handler only the events its command
// declares, and a handler that answers without having written one of them fails the write, so
// every test that runs a write proves it audits what it declares. Commands here are built as
// plain objects: declared with defineCommand they would become mutations of the schema.

type Database = Awaited<ReturnType<typeof createTestDatabase>>;

const SIGN_OUT_EVERYWHERE = change<null, { revokedTokens: number }>()('admin_user');
type SignOutEverywhere = HandledCommand<
  'postSignOutEverywhere',
  Record<string, never>,
  typeof SIGN_OUT_EVERYWHERE,
  'Int'
>;

/** A sign-out-everywhere whose handler is the one under test. */
function command(handler: SignOutEverywhere['handler']): SignOutEverywhere {
  return {
    name: 'postSignOutEverywhere',
    event: SIGN_OUT_EVERYWHERE,
    description: 'test',
    access: 'self',
    scope: 'records',
    refreshes: [],
    input: {},
    answer: 'Int',
    handler,
  };
}

describe('runCommand', () => {
  let database: Database;
  let env: () => CommandEnv;
  const operations = async () =>
    (await database.db.selectFrom('audit_log').select('operation').orderBy('id').execute()).map(
      (r) => r.operation,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    const audit = createAuditService(database.db, () => new Date('2026-11-29T00:00:00Z'));
    // The runner reaches only the trail through the services.
    const services = { audit } as Partial<Services> as Services;
    env = () => ({
      actor: systemActor('test'),
      admin: null,
      locale: 'en',
      userAgent: null,
      services,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it('writes the declared event when the handler commits through it', async () => {
    const ended = await runCommand(
      command((_input, { audit }) =>
        audit.change(async (trx) => {
          const revoked = await deleteAccessTokensOfAdmin(trx, 1);
          return {
            result: revoked,
            targetIds: [1],
            before: null,
            after: { revokedTokens: revoked },
          };
        }),
      ),
      {},
      env(),
    );
    expect(ended).toBe(0);
    expect(await operations()).toEqual(['postSignOutEverywhere']);
  });

  it('fails a handler that commits without the audit event its command declares', async () => {
    const before = await operations();
    await expect(
      runCommand(
        command(async () => deleteAccessTokensOfAdmin(database.db, 1)),
        {},
        env(),
      ),
    ).rejects.toThrow(
      'postSignOutEverywhere answered without writing its audit event (postSignOutEverywhere); it wrote none.',
    );
    // Another write's event is not its own: a handler that writes through it fails too.
    await expect(
      runCommand(
        command(async (_input, { actor, services }) => {
          const signOut = namedEvent('postSignOut', change<null, null>()('admin_user'));
          await services.audit.withAudit(actor, signOut, async () => ({
            result: undefined,
            targetIds: [1],
            before: null,
            after: null,
          }));
          return 1;
        }),
        {},
        env(),
      ),
    ).rejects.toThrow('it wrote postSignOut.');
    expect(await operations()).toEqual([...before, 'postSignOut']);
  });

  it('binds the events a command declares by role, each to its kind', async () => {
    const events = {
      failed: namedEvent('signInFailed', facts<{ reason: 'password' | 'totp' }>()('admin_user')),
    } as const satisfies CommandEvents;
    const upload: HandledCommand<'uploadUnderTest', Record<string, never>, typeof events, 'Int'> = {
      name: 'uploadUnderTest',
      description: 'test',
      access: 'write',
      scope: 'records',
      refreshes: [],
      input: {},
      audit: events,
      answer: 'Int',
      handler: async (_input, { audit }) => {
        await audit.failed.record([1], { reason: 'totp' });
        return 0;
      },
    };
    const before = await operations();
    await expect(runCommand(upload, {}, env())).resolves.toBe(0);
    expect(await operations()).toEqual([...before, 'signInFailed']);
  });
});
