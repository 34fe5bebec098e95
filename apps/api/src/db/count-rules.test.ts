import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { servedByBuckets, setFilterFields, type CountRule } from './count-buckets';

type Filter = { name?: string | undefined; status?: string | undefined; tags?: string[] };
const RULE = {
  name: 'index',
  status: 'buckets',
  tags: 'buckets',
} as const satisfies CountRule<Filter>;

describe('count rules: a filter is counted by buckets exactly when every set field has them', () => {
  it('treats undefined, null, blank text and [] as unset', () => {
    expect(setFilterFields({ name: '', status: undefined, tags: [] })).toEqual([]);
    expect(setFilterFields({ name: 'a', status: 'x', tags: ['t'] })).toEqual([
      'name',
      'status',
      'tags',
    ]);
  });

  it('answers from buckets only when the set fields are within the named bucket fields', () => {
    expect(servedByBuckets<Filter>({}, RULE, ['status'])).toBe(true);
    expect(servedByBuckets<Filter>({ status: 'open' }, RULE, ['status'])).toBe(true);
    expect(servedByBuckets<Filter>({ status: 'open', name: 'al' }, RULE, ['status'])).toBe(false);
    expect(servedByBuckets<Filter>({ tags: ['t'] }, RULE, ['status'])).toBe(false);
    // A field the rule does not know (passed in by mistake) is never served by buckets.
    expect(servedByBuckets({ status: 'open', extra: 1 } as Filter, RULE, ['status'])).toBe(false);
  });

  it('refuses to name an index-counted field as a bucket field', () => {
    expect(() => servedByBuckets<Filter>({}, RULE, ['name'])).toThrow(/not counted by buckets/);
  });

  it("does not compile a list's filter with a field that has no count rule", () => {
    // Every list's rule is a CountRule over its repository's filter type: adding a field to a
    // filter type without a rule for it must be a type error. Checked on the real rules.
    const probe = path.join(import.meta.dirname, `count-rules-probe-${process.pid}.ts`);
    const source = (extraField: boolean, withRule: boolean) => `
      import type { CountRule } from './count-buckets';
      import { PAYMENTS_COUNT_RULE, type PaymentsFilter } from '../modules/payments/payments-repository';
      type Grown = PaymentsFilter${extraField ? ' & { planId?: number | undefined }' : ''};
      export const rule: CountRule<Grown> = ${withRule ? "{ ...PAYMENTS_COUNT_RULE, planId: 'index' }" : 'PAYMENTS_COUNT_RULE'};
    `;
    let previous: ts.Program | undefined;
    const diagnostics = (text: string): string[] => {
      fs.writeFileSync(probe, text);
      try {
        const options: ts.CompilerOptions = {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          module: ts.ModuleKind.ESNext,
          moduleResolution: ts.ModuleResolutionKind.Bundler,
          target: ts.ScriptTarget.ES2022,
          paths: {
            '@app/shared': [
              path.resolve(import.meta.dirname, '../../../../packages/shared/src/index.ts'),
            ],
          },
        };
        // Reusing the previous program keeps the unchanged files parsed: three checks, one cost.
        const program = ts.createProgram([probe], options, undefined, previous);
        previous = program;
        return ts
          .getPreEmitDiagnostics(program, program.getSourceFile(probe))
          .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      } finally {
        fs.rmSync(probe, { force: true });
      }
    };
    expect(diagnostics(source(false, false))).toEqual([]);
    expect(diagnostics(source(true, true))).toEqual([]);
    expect(diagnostics(source(true, false)).join('\n')).toMatch(/planId/);
  }, 60_000);
});
