import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Money on screen (docs/domain.md): a screen shows amounts through AmountText or
 * amountDisplay/compactAmountText only. These checks run the project's own ESLint
 * configuration on sample screens, so a rule that stops matching fails here.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) =>
    ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-syntax',
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.line}: ${m.ruleId ?? 'fatal'}: ${m.message}`);
}

const SCREEN = 'apps/web/src/features/dashboard/components/sample-page.tsx';

describe('amounts are shown one way (lint rule)', () => {
  it('refuses a screen that formats an amount its own way', { timeout: 60_000 }, async () => {
    const samples = [
      `import { compactAmount } from '@/lib/amount';\nexport const a = (v: string) => compactAmount(v)?.whole;\n`,
      `export const a = (v: number) => v.toLocaleString('ja-JP');\n`,
      `export const a = (v: number) => v.toFixed(2);\n`,
      `export const a = (v: number) => new Intl.NumberFormat('ja-JP').format(v);\n`,
      `export const a = (v: string) => parseFloat(v);\n`,
    ];
    for (const code of samples) {
      const found = await problems(SCREEN, code);
      expect(found, code).toHaveLength(1);
      expect(found[0], code).toMatch(/Show amounts with <AmountText>/);
    }
    // The rule covers shared components too, not only features.
    expect(
      await problems(
        'apps/web/src/components/stat-card.tsx',
        `export const a = (v: number) => v.toFixed(1);\n`,
      ),
    ).toHaveLength(1);
  });

  it('allows the one formatter and decimal.js stays refused', async () => {
    const ok = `import { AmountText } from '@/components/amount-text';
import { amountDisplay, compactAmountText } from '@/lib/amount';
import { formatNumber } from '@/lib/format';
export const a = (v: string) => [amountDisplay(v, 'HEC'), compactAmountText(v), formatNumber(3), AmountText];
`;
    expect(await problems(SCREEN, ok)).toEqual([]);
    const decimal = await problems(
      SCREEN,
      `import Decimal from 'decimal.js';\nexport const d = Decimal;\n`,
    );
    expect(decimal).toHaveLength(1);
    expect(decimal[0]).toMatch(/exact helpers of @app\/shared/);
  });
});
