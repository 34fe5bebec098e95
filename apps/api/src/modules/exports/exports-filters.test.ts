import {
  getNamedType,
  isInputObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../../server/schema';

// Issue 13, "exports of the filtered view": an export takes exactly its list's filters. The
// pairs are read from the built schema, so a filter added to a list but not to its export (the
// registration range usersCSV once missed) fails here.

/** Where a list keeps its filters: top-level arguments, `input`, or `input.searchParams`. */
type Place = 'args' | 'input' | 'searchParams';

type Pair = {
  list: string;
  place: Place;
  /** Arguments only the export has: paging is replaced by "every page, in this sort". */
  exportOnly: string[];
};

const CENTRE_RANGE = ['confirmedAtFrom', 'confirmedAtUntil'];

const PAIRS: Record<string, Pair> = {
  usersCSV: { list: 'users', place: 'args', exportOnly: ['sort'] },
  userPaymentsCSV: { list: 'userPayments', place: 'input', exportOnly: ['sort', 'version'] },
  // The download centre's types 1 and 3 add the centre's optional date range.
  hecSavingRemittanceHistoryCsv: {
    list: 'userSavings',
    place: 'args',
    exportOnly: ['sort', ...CENTRE_RANGE],
  },
  referralRewardsCsv: {
    list: 'affiliateTrackRecords',
    place: 'searchParams',
    exportOnly: ['sort'],
  },
  referralPlanRemittanceHistoryCsv: {
    list: 'affiliateSavingRemittances',
    place: 'searchParams',
    exportOnly: ['sort', ...CENTRE_RANGE],
  },
  hecSavingAddressesCsv: {
    list: 'hecSavingAddresses',
    place: 'searchParams',
    exportOnly: ['sort'],
  },
  affiliateSavingAggregatesCsv: {
    list: 'affiliateSavingAggregates',
    place: 'searchParams',
    exportOnly: ['sort'],
  },
  auditLogsCsv: { list: 'auditLogs', place: 'args', exportOnly: ['sort'] },
  assetStatsCsv: { list: 'assetStats', place: 'args', exportOnly: [] },
};

type Described = { name: string; type: string; defaultValue: unknown; description: string | null };

function describeAll(fields: readonly (GraphQLArgument | GraphQLInputField)[]): Described[] {
  return fields
    .map((f) => ({
      name: f.name,
      type: String(f.type),
      defaultValue: f.defaultValue,
      description: f.description ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function inputFields(arg: GraphQLArgument | GraphQLInputField | undefined): GraphQLInputField[] {
  const type = arg && getNamedType(arg.type);
  if (!type || !isInputObjectType(type)) throw new Error(`${arg?.name} is not an input object`);
  return Object.values(type.getFields());
}

/** A list's filters, wherever the list keeps them; paging is not a filter. */
function listFilters(field: GraphQLField<unknown, unknown>, place: Place): Described[] {
  const input = field.args.find((a) => a.name === 'input');
  const fields =
    place === 'args'
      ? field.args
      : place === 'input'
        ? inputFields(input)
        : inputFields(inputFields(input).find((f) => f.name === 'searchParams'));
  return describeAll(fields.filter((f) => f.name !== 'pagination' && f.name !== 'input'));
}

describe('export filters', () => {
  const query = getSchema().getQueryType()!.getFields();

  it('pairs every export of the engine with its list', () => {
    const exports = Object.values(query)
      .filter((f) => getNamedType(f.type).name === 'ExportLink')
      .map((f) => f.name)
      .sort();
    expect(exports).toEqual(Object.keys(PAIRS).sort());
  });

  it.each(Object.entries(PAIRS))("%s takes exactly its list's filters", (name, pair) => {
    const exported = query[name]!;
    const list = query[pair.list];
    expect(list, pair.list).toBeDefined();
    const filters = listFilters(list!, pair.place);
    expect(filters.length).toBeGreaterThan(0);
    expect(describeAll(exported.args.filter((a) => !pair.exportOnly.includes(a.name)))).toEqual(
      filters,
    );
    // The export-only arguments really are there (and are not filters the list lacks by drift).
    for (const extra of pair.exportOnly) {
      expect(exported.args.map((a) => a.name)).toContain(extra);
    }
  });

  it("sorts an export by the list's own sort input", () => {
    for (const [name, pair] of Object.entries(PAIRS)) {
      if (!pair.exportOnly.includes('sort')) continue;
      expect(String(query[name]!.args.find((a) => a.name === 'sort')!.type)).toBe('SortInput');
    }
  });
});
