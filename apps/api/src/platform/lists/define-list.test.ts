import { describe, expect, it } from 'vitest';
import { defineList } from './define-list';

const LIST = defineList({
  call: 'exampleList',
  filters: {
    userName: { type: 'String' },
    userId: { type: 'Int' },
    cardStatus: { type: 'Int', list: true },
    registeredAtFrom: { type: 'DateTime' },
    awaiting: { type: 'Boolean' },
  },
  sortTargets: ['id'],
  defaultSort: { target: 'id', orderBy: 'desc' },
  export: {
    name: 'example',
    fileName: 'example',
    call: 'exampleCsv',
    columns: [],
    filters: { confirmedAtUntil: { type: 'DateTime' } },
  },
});

describe('a declared list', () => {
  it('hands its service the declared filters: text trimmed, blank, null and [] no filter', () => {
    const at = new Date('2026-01-31T00:00:00.000Z');
    expect(
      LIST.values({
        userName: '  alice ',
        userId: 0,
        cardStatus: [],
        registeredAtFrom: at,
        awaiting: false,
        confirmedAtUntil: null,
      }),
    ).toEqual({ userName: 'alice', userId: 0, registeredAtFrom: at, awaiting: false });
    expect(LIST.values({ userName: '   ', cardStatus: [2, 4] })).toEqual({ cardStatus: [2, 4] });
  });

  it("parses an export link's JSON as declared: its filters and the export's own, dates again", () => {
    expect(
      LIST.exportFilters({
        userName: 'alice',
        registeredAtFrom: '2026-01-31T00:00:00.000Z',
        confirmedAtUntil: '2026-02-01T00:00:00.000Z',
        notDeclared: 'x',
      }),
    ).toEqual({
      userName: 'alice',
      registeredAtFrom: new Date('2026-01-31T00:00:00.000Z'),
      confirmedAtUntil: new Date('2026-02-01T00:00:00.000Z'),
    });
  });
});
