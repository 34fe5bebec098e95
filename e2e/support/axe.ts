import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

// axe-core, injected through the debugger (a script tag is refused by the app's CSP): one
// place for every browser test that checks accessibility.

const axeSource = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'),
  'utf8',
);

export type AxeViolation = {
  id: string;
  impact: string | null;
  help?: string;
  nodes: { target: string[] }[];
};

/** The serious and critical axe-core violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
}
