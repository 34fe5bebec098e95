import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sortTargetsSentence } from '../graphql/pagination';
import { USERS_LIST } from '../modules/users/users-list';
import { printAuditEventTypes, printAuditOperations } from './audit-registry';
import { getSchema, printContract, printRefreshes } from './schema';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(apiRoot, '../..');

describe('the GraphQL contract', () => {
  it('matches the committed schema.graphql (run `npm run codegen` after changing the schema)', () => {
    const committed = fs.readFileSync(path.join(apiRoot, 'schema.graphql'), 'utf8');
    expect(printContract()).toBe(committed);
  });

  it("matches the web app's committed gql/refreshes.ts (each command's `refreshes`)", () => {
    const committed = fs.readFileSync(path.join(repoRoot, 'apps/web/src/gql/refreshes.ts'), 'utf8');
    expect(printRefreshes()).toBe(committed);
  });

  // Issue 34, "a write is one file": each command declares its audit event; the registry of
  // operations the web reads and the readers' types are printed from the commands.
  it("matches the committed audit registry (packages/shared's audit-operations.ts)", () => {
    const committed = fs.readFileSync(
      path.join(repoRoot, 'packages/shared/src/audit-operations.ts'),
      'utf8',
    );
    expect(printAuditOperations(), 'run `npm run codegen`').toBe(committed);
  });

  it("matches the committed readers' types of the audit events (audit-event-types.ts)", async () => {
    const committed = fs.readFileSync(
      path.join(apiRoot, 'src/modules/audit/audit-event-types.ts'),
      'utf8',
    );
    expect(await printAuditEventTypes(), 'run `npm run codegen`').toBe(committed);
  });

  it('names days as the declarations do: business days, every sort target of a list', () => {
    const contract = printContract();
    // One business time zone decides every day (shared/business-day.ts).
    expect(contract.match(/UTC days?\b/g) ?? []).toEqual([]);
    // Each paged list's description lists all its sort targets (graphql/pagination.ts).
    const users = getSchema().getQueryType()!.getFields().users!;
    expect(users.description).toContain(
      sortTargetsSentence(USERS_LIST.sortTargets, USERS_LIST.defaultSort),
    );
    expect(USERS_LIST.sortTargets.length).toBeGreaterThan(8);
  });

  it("keeps the web app's generated operation types in step with the contract", () => {
    // Throws (non-zero exit) when apps/web/src/gql is stale or an operation no longer validates.
    expect(() =>
      execFileSync(
        process.execPath,
        ['--import', 'tsx', 'apps/web/scripts/codegen.ts', '--check'],
        {
          cwd: repoRoot,
          stdio: 'pipe',
        },
      ),
    ).not.toThrow();
  }, 60_000);
});
