import { describe, expect, it } from 'vitest';
import { failureDigest } from './failure-digest.mjs';

const passing = ` ✓ api test/a.test.ts (3 tests) 20ms

 Test Files  1 passed (1)
      Tests  3 passed (3)`;

const failing = ` ✓ api test/a.test.ts (3 tests) 20ms
 \u001b[31m×\u001b[39m web src/b.test.tsx > shows rows

\u001b[31m⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯\u001b[39m

⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯
Error: Connection terminated unexpectedly
 ❯ Client.<anonymous> node_modules/pg/lib/client.js:132:73
This error originated in "test/read-calls.test.ts" test file.

 Test Files  2 passed (2)
      Tests  5 passed (5)
     Errors  1 error`;

describe('failureDigest', () => {
  it('is empty when nothing failed', () => {
    expect(failureDigest(passing)).toBe('');
  });

  it('keeps the unhandled error with its origin, without colours or the summary', () => {
    const digest = failureDigest(failing);
    expect(digest.split('\n')[0]).toBe('⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯');
    expect(digest).toContain('Error: Connection terminated unexpectedly');
    expect(digest).toContain('originated in "test/read-calls.test.ts"');
    expect(digest).not.toContain('Test Files');
    expect(digest).not.toContain('\u001b[');
  });

  it('cuts a long section and says how much it left out', () => {
    const long = `⎯⎯⎯ Failed Tests 3 ⎯⎯⎯\n${Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n')}`;
    const digest = failureDigest(long, 10).split('\n');
    expect(digest).toHaveLength(11);
    expect(digest.at(-1)).toBe('… 41 more lines above');
  });
});
