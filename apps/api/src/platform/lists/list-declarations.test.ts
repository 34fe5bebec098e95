import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import {
  getNamedType,
  isInputObjectType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLObjectType,
  type GraphQLField,
  type GraphQLInputField,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema';
import { exportRegistry } from '../../server/exports';
import { getSchema } from '../../server/schema';
import { AppError } from '../../shared/app-error';
import { WITHDRAWAL_LIST_CALLS } from '../../modules/withdrawals/withdrawal-lists-schema';
import { WITHDRAWALS_LIST } from '../../modules/withdrawals/withdrawals-list';
import { SIGNING_EXPORT_NAMES } from '../../modules/withdrawals/withdrawal-signing-exports';
import { sortTargetsSentence } from '../../graphql/pagination';
import { declaredLists, type FilterField } from './define-list';

// Issue 25, "the list, declared once": every list that declares an export hands out a link
// whose arguments are exactly the list's filters plus its sort, and whose file accepts exactly
// the list's sort targets. Read from the built schema and the export registry, so a filter or
// sort target added to one side only fails here.

// The SQL is only compiled, never run: no database is needed.
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const schema = getSchema();
const query = schema.getQueryType()!.getFields();
const registry = new Map(exportRegistry(db).map((e) => [e.name, e]));
const withExport = declaredLists().filter((l) => l.export);

type Described = { name: string; type: string; description: string | null };

const describeAll = (fields: readonly (GraphQLArgument | GraphQLInputField)[]): Described[] =>
  fields
    .map((f) => ({ name: f.name, type: String(f.type), description: f.description ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));

function inputFields(arg: GraphQLArgument | GraphQLInputField | undefined): GraphQLInputField[] {
  const type = arg && getNamedType(arg.type);
  return type && isInputObjectType(type) ? Object.values(type.getFields()) : [];
}

/** A list's filter arguments wherever it keeps them: top level, `input`, `input.searchParams`. */
function listFilters(field: GraphQLField<unknown, unknown>): Described[] {
  const input = field.args.find((a) => a.name === 'input');
  const inInput = inputFields(input);
  const search = inputFields(inInput.find((f) => f.name === 'searchParams'));
  const fields = search.length > 0 ? search : inInput.length > 0 ? inInput : field.args;
  return describeAll(fields.filter((f) => f.name !== 'pagination' && f.name !== 'input'));
}

describe('declared lists', () => {
  it('include every list export of the engine', () => {
    expect(withExport.map((l) => l.export!.call)).toEqual(
      expect.arrayContaining([
        'usersCSV',
        'hecSavingRemittanceHistoryCsv',
        'referralPlanRemittanceHistoryCsv',
        'hecSavingAddressesCsv',
      ]),
    );
    for (const list of withExport) expect(registry.has(list.export!.name)).toBe(true);
    // Every export of the registry that takes a list's filters is a declared list's (the
    // statistics export takes its range, the withdrawal signing files their searchParams).
    const declaredExports = new Set(withExport.map((l) => l.export!.name));
    const undeclared = [...registry.keys()].filter((name) => !declaredExports.has(name));
    expect(undeclared.sort()).toEqual(
      ['assetStats', 'userPaymentsV2', ...Object.values(SIGNING_EXPORT_NAMES)].sort(),
    );
  });

  it.each(withExport.map((l) => [l.export!.call, l] as const))(
    "%s takes exactly its list's filters and sort",
    (_call, list) => {
      const listField = query[list.call];
      const exportField = query[list.export!.call];
      expect(listField, list.call).toBeDefined();
      expect(exportField, list.export!.call).toBeDefined();
      const filters = listFilters(listField!);
      expect(filters.map((f) => f.name)).toEqual(Object.keys(list.filters).sort());
      const exportArgs = exportField!.args;
      expect(String(exportArgs.find((a) => a.name === 'sort')?.type)).toBe('SortInput');
      const extras = exportArgs.filter((a) => !(a.name in list.filters) && a.name !== 'sort');
      // Arguments beyond the list's are the export's own declared filters (the download
      // centre's range) and, for payments only, the layout: nothing typed beside a declaration.
      const own = Object.keys(list.export!.filters ?? {});
      const layout = list.export!.call === 'userPaymentsCSV' ? ['version'] : [];
      expect(extras.map((a) => a.name).sort()).toEqual([...own, ...layout].sort());
      expect(describeAll(exportArgs.filter((a) => a.name in list.filters))).toEqual(filters);
    },
  );

  it.each(withExport.map((l) => [l.export!.call, l] as const))(
    "%s's file sorts by exactly its list's sort targets",
    (_call, list) => {
      const file = registry.get(list.export!.name)!;
      const targets = new Set([...withExport.flatMap((l) => l.sortTargets), 'notATarget']);
      const accepted = [...targets].filter((target) => {
        try {
          file.prepare({ sort: { target, orderBy: 'asc' } }).compile();
          return true;
        } catch (error) {
          // Refused as the list refuses it; anything else is a bug this test should show.
          if (error instanceof AppError && error.code === 'BAD_USER_INPUT') return false;
          throw error;
        }
      });
      expect(accepted.sort()).toEqual([...list.sortTargets].sort());
      // The default sort is the list's.
      const byDefault = file.prepare({}).compile().sql;
      const explicit = file
        .prepare({ sort: { target: list.defaultSort.target, orderBy: list.defaultSort.orderBy } })
        .compile().sql;
      expect(byDefault).toBe(explicit);
    },
  );

  it("shows a signing batch's filters as the withdrawal lists declare them", () => {
    const type = schema.getType('WithdrawalExportFilters');
    expect(type && 'getFields' in type).toBe(true);
    const fields = (type as GraphQLObjectType).getFields();
    expect(Object.keys(fields).sort()).toEqual(Object.keys(WITHDRAWALS_LIST.filters).sort());
  });

  it('gives the withdrawal lists and their signing exports one searchParams: the declared filters', () => {
    // The lists keep their filters in input.searchParams: the declared ones, no more.
    expect(listFilters(query.withdrawalRequests!).map((f) => f.name)).toEqual(
      Object.keys(WITHDRAWALS_LIST.filters).sort(),
    );
    const calls = Object.values(WITHDRAWAL_LIST_CALLS);
    for (const call of [...calls, 'withdrawalRequests']) {
      expect(listFilters(query[call]!), call).toEqual(listFilters(query.withdrawalRequests!));
    }
    const mutation = schema.getMutationType()!.getFields();
    const signing = [
      ...calls.flatMap((call) => [query[`${call}Csv`], query[`${call}CsvV2`]]),
      query.withdrawalSigningCsv,
      query.withdrawalSigningExportPreview,
      mutation.postWithdrawalSigningExport,
    ];
    for (const field of signing) {
      expect(field).toBeDefined();
      const arg = field!.args.find((a) => a.name === 'searchParams');
      expect(arg && getNamedType(arg.type).name, field!.name).toBe('WithdrawalSearchParams');
    }
  });

  // Issue 25: every paged list of the schema is declared (platform/lists), so no list types
  // its filters by hand. Its optional arguments are exactly the declared filters, of the
  // declared types; what is beside them is required: whose rows these are (a user, a send, a
  // kind), never a filter.
  const pagedLists = Object.values(query).filter((field) => {
    const type = getNamedType(field.type);
    return (
      isObjectType(type) && getNamedType(type.getFields().pagination?.type)?.name === 'Pagination'
    );
  });
  const byCall = new Map(declaredLists().map((l) => [l.call, l]));
  // The eight spec calls of the withdrawal lists are WITHDRAWALS_LIST's, as withdrawalRequests.
  const withdrawals = byCall.get(WITHDRAWALS_LIST.call)!;
  for (const call of Object.values(WITHDRAWAL_LIST_CALLS)) byCall.set(call, withdrawals);

  const typeOf = (f: FilterField, enumName: string) => {
    const named = f.type === 'Enum' ? enumName : f.type;
    return f.list ? `[${named}!]` : named;
  };

  it('declares every paged list of the schema', () => {
    expect(pagedLists.length).toBeGreaterThan(20);
    const undeclared = pagedLists.map((f) => f.name).filter((call) => !byCall.has(call));
    expect(undeclared).toEqual([]);
  });

  // Issue 34: the contract names every sort target a list takes, from its declaration.
  it.each(pagedLists.map((f) => [f.name, f] as const))(
    "%s's description names its declared sort targets",
    (call, field) => {
      const list = byCall.get(call)!;
      expect(field.description).toContain(sortTargetsSentence(list.sortTargets, list.defaultSort));
    },
  );

  it.each(pagedLists.map((f) => [f.name, f] as const))(
    '%s takes exactly its declared filters, anything else required',
    (call, field) => {
      const list = byCall.get(call)!;
      const filters = listFilters(field);
      const optional = filters.filter((f) => !f.type.endsWith('!'));
      expect(optional.map((f) => f.name)).toEqual(Object.keys(list.filters).sort());
      for (const f of optional) {
        const declared = list.filters[f.name]!;
        // An enum filter's GraphQL enum is the schema file's; its name is whatever it is.
        expect(f.type, `${call}.${f.name}`).toBe(typeOf(declared, f.type.replace(/[[\]!]/g, '')));
      }
      const required = field.args.filter((a) => a.name !== 'pagination' && a.name !== 'input');
      for (const arg of required.filter((a) => !(a.name in list.filters)))
        expect(isNonNullType(arg.type), `${call}(${arg.name})`).toBe(true);
    },
  );
});
