import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_ERROR_MESSAGE,
  FORBIDDEN_MESSAGE,
  GRAPHQL_PATH,
  ACCESS_TOKEN_HEADER,
  PASSWORD_CHANGE_REQUIRED_REASON,
} from '@app/shared';
import { databaseFingerprint, issueToken } from '../../../test/admin-fixtures';
import { startTestApp, type GraphQLResponse, type TestApp } from '../../../test/test-app';
import { operationRules, type OperationRule } from '../../graphql/access-rules';
import type { AccessRule } from '../../graphql/builder';
import { getSchema } from '../../server/schema';
import { WITHDRAWAL_LIST_CALLS } from '../withdrawals/withdrawal-lists-schema';

async function maxAuditId(): Promise<number> {
  const row = await t.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Who calls: nobody, each role, and a write admin who must still change a one-time password. */
const CALLERS = ['nobody', 'read', 'write', 'super_admin', 'mustChangePassword'] as const;
type Caller = (typeof CALLERS)[number];
type Outcome = 'allowed' | 'unauthenticated' | 'forbidden' | 'passwordChangeRequired';

const RULE_RANK: Record<AccessRule, number> = {
  public: 0,
  self: 1,
  authenticated: 2,
  write: 3,
  superAdmin: 4,
};
const CALLER_RANK: Record<Exclude<Caller, 'nobody' | 'mustChangePassword'>, number> = {
  read: 2,
  write: 3,
  super_admin: 4,
};

/** What spec section 6 says must happen, from the rule alone. */
function expectedOutcome(rule: AccessRule, caller: Caller): Outcome {
  if (rule === 'public') return 'allowed';
  if (caller === 'nobody') return 'unauthenticated';
  if (rule === 'self') return 'allowed';
  if (caller === 'mustChangePassword') return 'passwordChangeRequired';
  return CALLER_RANK[caller] >= RULE_RANK[rule] ? 'allowed' : 'forbidden';
}

/**
 * Operations that any signed-in admin may call although they are mutations: each acts only
 * on the caller's own account. Every other mutation must need write or super_admin.
 */
const SELF_SERVICE_MUTATIONS: Record<string, AccessRule> = {
  postSignIn: 'public',
  postSignOut: 'self',
  postSignOutEverywhere: 'self',
  postUpdateAdminUserProfile: 'self',
  postStartTotpEnrollment: 'self',
  postConfirmTotpEnrollment: 'self',
  postDisableTotp: 'authenticated',
};
/** Queries that need more than a signed-in admin, or less. */
const SPECIAL_QUERIES: Record<string, AccessRule> = {
  adminUser: 'self',
  adminSessions: 'self',
  adminUsers: 'superAdmin',
  // Pending grants of approving roles and the fresh-install warning (issue 33).
  adminRoleGrants: 'superAdmin',
  superAdminCount: 'superAdmin',
  auditLogs: 'superAdmin',
  auditLogsCsv: 'superAdmin',
  // Signing exports change data (approved -> processing), so they need write (issue #14).
  ...Object.fromEntries(
    Object.values(WITHDRAWAL_LIST_CALLS).flatMap((call) => [
      [`${call}Csv`, 'write' as const],
      [`${call}CsvV2`, 'write' as const],
    ]),
  ),
  withdrawalExportBatchCsv: 'write',
  withdrawalSigningCsv: 'write',
  // What a signing export would take: only those who may export need it (issue 24).
  withdrawalSigningExportPreview: 'write',
  withdrawalMatchingPreview: 'write',
};
/** The withdrawal actions (issue #14): the read role is refused on every one. */
const WITHDRAWAL_MUTATIONS = [
  'postApproveWithdrawalRequests',
  'postRejectWithdrawalRequests',
  'postFailWithdrawalRequests',
  'postApproveMatchingWithdrawalRequests',
  'postRejectMatchingWithdrawalRequests',
];
/** Admin-account management (spec section 6): super admins only. */
const SUPER_ADMIN_MUTATIONS = [
  'postAddRoleToUser',
  'postDeleteRoleFromUser',
  'postAddNewAdminUser',
  'postDeleteAdminUser',
  'postUpdateWithdrawalApprovalThreshold',
];

// ---- building a call for any operation from its schema definition ----

type Upload = { variable: string };

/** A syntactically valid literal for an input type; ids point at nothing, so calls change nothing. */
function literalFor(type: GraphQLInputType, uploads: Upload[]): string {
  if (isNonNullType(type)) return literalFor(type.ofType, uploads);
  if (isListType(type)) return `[${literalFor(type.ofType, uploads)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
    return `{${fields.map((f) => `${f.name}: ${literalFor(f.type, uploads)}`).join(', ')}}`;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
        return '987654';
      case 'Float':
        return '1.5';
      case 'Boolean':
        return 'false';
      case 'ID':
        return '"987654"';
      case 'DateTime':
        return '"2026-01-01T00:00:00.000Z"';
      case 'Decimal':
        return '"1"';
      case 'Upload': {
        const variable = `upload${uploads.length}`;
        uploads.push({ variable });
        return `$${variable}`;
      }
      default:
        return '"x"';
    }
  }
  throw new Error(`no literal for ${String(type)}`);
}

function selectionFor(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

function callFor(rule: OperationRule): { query: string; uploads: Upload[] } {
  const schema = getSchema();
  const type = rule.type === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
  const field = type.getFields()[rule.field]!;
  const uploads: Upload[] = [];
  const args = field.args
    .filter((arg: GraphQLArgument) => isNonNullType(arg.type))
    .map((arg) => `${arg.name}: ${literalFor(arg.type, uploads)}`);
  const variables = uploads.map((u) => `$${u.variable}: Upload!`).join(', ');
  const keyword = rule.type === 'Query' ? 'query' : 'mutation';
  const query = `${keyword}${variables ? ` (${variables})` : ''} { ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selectionFor(field)} }`;
  return { query, uploads };
}

let t: TestApp;
let mustChangeEmail: string;

async function call(rule: OperationRule, token: string | undefined): Promise<GraphQLResponse> {
  const { query, uploads } = callFor(rule);
  if (uploads.length === 0) return t.gql(query, {}, token);
  // GraphQL multipart request: a tiny CSV for every Upload argument.
  const form = new FormData();
  form.append(
    'operations',
    JSON.stringify({
      query,
      variables: Object.fromEntries(uploads.map((u) => [u.variable, null])),
    }),
  );
  form.append(
    'map',
    JSON.stringify(
      Object.fromEntries(uploads.map((u, i) => [String(i), [`variables.${u.variable}`]])),
    ),
  );
  uploads.forEach((_u, i) =>
    form.append(String(i), new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'test.csv'),
  );
  const response = await fetch(`${t.baseUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: {
      'x-graphql-yoga-csrf': '1',
      ...(token ? { [ACCESS_TOKEN_HEADER]: token } : {}),
    },
    body: form,
  });
  return (await response.json()) as GraphQLResponse;
}

function outcomeOf(result: GraphQLResponse): Outcome {
  const error = result.errors?.find((e) =>
    ['UNAUTHENTICATED', 'FORBIDDEN'].includes(String(e.extensions?.code)),
  );
  if (!error) return 'allowed';
  if (error.extensions?.code === 'UNAUTHENTICATED') {
    expect(error.message).toBe(AUTHORIZATION_ERROR_MESSAGE);
    return 'unauthenticated';
  }
  if (error.extensions?.reason === PASSWORD_CHANGE_REQUIRED_REASON) return 'passwordChangeRequired';
  expect(error.message).toBe(FORBIDDEN_MESSAGE);
  return 'forbidden';
}

async function tokenFor(caller: Caller): Promise<string | undefined> {
  const email = {
    nobody: undefined,
    read: 'reader@example.com',
    write: 'writer@example.com',
    super_admin: 'super@example.com',
    mustChangePassword: mustChangeEmail,
  }[caller];
  // A fresh token per call, so a sign-out in one call cannot spoil the next.
  return email ? issueToken(t.database, email) : undefined;
}

const rules = operationRules(getSchema());
const cases = rules.flatMap((rule) =>
  CALLERS.map((caller) => ({ rule, caller, expected: expectedOutcome(rule.rule, caller) })),
);

beforeAll(async () => {
  t = await startTestApp();
  const superToken = await t.login('super@example.com');
  mustChangeEmail = 'fresh01@example.com';
  const created = await t.gql(
    'mutation { postAddNewAdminUser(userName: "fresh01", email: "fresh01@example.com", roles: ["write"]) { oneTimePassword } }',
    {},
    superToken,
  );
  expect(created.errors).toBeUndefined();
});
afterAll(async () => {
  await t.close();
});

describe('default deny', () => {
  it('every Query and Mutation field of the schema declares exactly one access rule', () => {
    const schema = getSchema();
    const count =
      Object.keys(schema.getQueryType()!.getFields()).length +
      Object.keys(schema.getMutationType()!.getFields()).length;
    expect(rules).toHaveLength(count);
  });

  it('refuses to build a schema with an operation that declares no rule', () => {
    const b = new SchemaBuilder<{ AuthScopes: { write: boolean } }>({
      plugins: [ScopeAuthPlugin],
      scopeAuth: { authScopes: () => ({ write: true }) },
    });
    b.queryType({});
    b.queryField('ruled', (f) => f.string({ authScopes: { write: true }, resolve: () => 'x' }));
    b.queryField('forgotten', (f) => f.string({ resolve: () => 'x' }));
    expect(() => operationRules(b.toSchema())).toThrow(/Query\.forgotten: no authScopes/);
  });

  it('mutations need write or super_admin, except the listed self-service ones', () => {
    for (const rule of rules.filter((r) => r.type === 'Mutation')) {
      const expected = SELF_SERVICE_MUTATIONS[rule.field];
      if (expected) expect(rule.rule, rule.field).toBe(expected);
      else expect(['write', 'superAdmin'], rule.field).toContain(rule.rule);
    }
    for (const name of SUPER_ADMIN_MUTATIONS) {
      expect(rules.find((r) => r.field === name)?.rule, name).toBe('superAdmin');
    }
    for (const name of WITHDRAWAL_MUTATIONS) {
      expect(rules.find((r) => r.field === name)?.rule, name).toBe('write');
    }
  });

  it('queries need a signed-in admin (any role), except the listed ones', () => {
    for (const rule of rules.filter((r) => r.type === 'Query')) {
      expect(rule.rule, rule.field).toBe(SPECIAL_QUERIES[rule.field] ?? 'authenticated');
    }
  });
});

describe('role × operation matrix (generated from the schema)', () => {
  it('a refused call changes nothing but record itself as a security event', async () => {
    const audit = ['audit_log', 'audit_chain_head'];
    const before = await databaseFingerprint(t.database, audit);
    const lastAuditId = await maxAuditId();
    for (const { rule, caller } of cases.filter((c) => c.expected !== 'allowed')) {
      await call(rule, await tokenFor(caller));
    }
    expect(await databaseFingerprint(t.database, audit)).toBe(before);
    const added = await t.database.db
      .selectFrom('audit_log')
      .select('operation')
      .distinct()
      .where('id', '>', String(lastAuditId))
      .execute();
    // Refusals of signed-in admins are audited (graphql/security-events.ts), and so are the
    // uploads refused at the upload gate (http/refusal-audit.ts, written after the answer, so
    // it may still be on its way); nothing else.
    const operations = added.map((row) => row.operation);
    expect(operations).toContain('accessRefused');
    expect(['accessRefused', 'requestRefused']).toEqual(expect.arrayContaining(operations));
  });

  it.each(cases.map((c) => [`${c.rule.type}.${c.rule.field}`, c.caller, c.expected, c] as const))(
    '%s by %s: %s',
    async (_name, caller, expected, c) => {
      const result = await call(c.rule, await tokenFor(caller));
      expect(outcomeOf(result), JSON.stringify(result.errors)).toBe(expected);
      // A refused call answers no data: `data` is null, or (a nullable root field such as
      // csvImportProgress) the refused field itself is null.
      if (expected !== 'allowed') expect(result.data?.[c.rule.field] ?? null).toBeNull();
    },
  );
});
