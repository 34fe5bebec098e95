import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isInputProblemCode,
  isMailRecipientReason,
  isSelfExplainingCode,
  isTranslatedReason,
} from '@app/shared';
import { AppError } from '../src/shared/app-error';
import { notFound } from '../src/shared/list-input';

/**
 * Every error an operator can see is a code the web app words in the admin's language
 * (issue 26, docs/api.md "Errors"). For AppError the rule is a type: its constructor takes a
 * code without a reason only when the code's generic text says it all (SELF_EXPLAINING_CODES).
 * The `@ts-expect-error` lines below fail the typecheck the day that constraint is loosened.
 */
describe('AppError: a refusal carries a reason the web app words', () => {
  it('does not compile a BAD_USER_INPUT, NOT_FOUND or CONFLICT without one', () => {
    // @ts-expect-error CONFLICT needs a reason: its generic text cannot say what conflicted.
    const conflict = new AppError('CONFLICT', 'You cannot delete your own account.');
    // @ts-expect-error a NOT_FOUND with details but no reason is English only.
    const missing = new AppError('NOT_FOUND', 'User 5 was not found.', { id: '5' });
    // @ts-expect-error a reason outside the registry is no reason.
    const unknown = new AppError('BAD_USER_INPUT', 'Bad.', { reason: 'SOMETHING_ELSE' });
    // A code that explains itself may come alone.
    const forbidden = new AppError('FORBIDDEN', 'You do not have permission.');
    expect([conflict, missing, unknown, forbidden].map((e) => e.code)).toEqual([
      'CONFLICT',
      'NOT_FOUND',
      'BAD_USER_INPUT',
      'FORBIDDEN',
    ]);
  });

  it('notFound names the record kind and id as reason parameters', () => {
    const error = notFound('withdrawalRequest', 12);
    expect(error.message).toBe('Withdrawal request 12 was not found.');
    expect(error.details).toMatchObject({
      reason: 'RECORD_NOT_FOUND',
      params: { record: 'withdrawalRequest', id: '12' },
    });
  });
});

/**
 * GraphQLError is outside the constructor's reach: every one built in apps/api/src (other than
 * the masking in server/yoga.ts, which copies an AppError's code and details) must use a
 * code that explains itself or name a reason. Errors GraphQL raises itself (a malformed
 * document) have no code of ours; the web app shows their text (docs/api.md "Errors").
 */
describe('GraphQLError refusals built by hand', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const files = (fs.readdirSync(src, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .filter((f) => f !== path.join('server', 'yoga.ts'));

  /** Each `new GraphQLError(…)` call's text, up to its closing parenthesis. */
  function calls(text: string): string[] {
    const found: string[] = [];
    for (
      let at = text.indexOf('new GraphQLError(');
      at >= 0;
      at = text.indexOf('new GraphQLError(', at + 1)
    ) {
      let depth = 0;
      let end = at + 'new GraphQLError'.length;
      for (; end < text.length; end++) {
        if (text[end] === '(') depth++;
        else if (text[end] === ')' && --depth === 0) break;
      }
      found.push(text.slice(at, end + 1));
    }
    return found;
  }

  it('finds the calls it checks', () => {
    const all = files.flatMap((f) => calls(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(all.length).toBeGreaterThan(3);
  });

  it('gives each one a self-explaining code or a registered reason', () => {
    const bad: string[] = [];
    for (const file of files) {
      for (const call of calls(fs.readFileSync(path.join(src, file), 'utf8'))) {
        const code = /code: '([A-Z_]+)'/.exec(call)?.[1];
        const reason = /reason: '([A-Za-z_]+)'/.exec(call)?.[1];
        const namedReason = /reason: [A-Z_]+_REASON\b/.test(call);
        // A rebuilt error of GraphQL's own (armor strips suggestions) keeps its extensions.
        const passedOn = /extensions: \w+\.extensions\b/.test(call);
        const selfExplaining = isSelfExplainingCode(code) || /code: QUERY_TOO_COMPLEX\b/.test(call);
        const worded =
          namedReason ||
          isTranslatedReason(reason) ||
          isMailRecipientReason(reason) ||
          isInputProblemCode(/problem: '(\w+)'/.exec(call)?.[1]);
        if (!selfExplaining && !worded && !passedOn) bad.push(`${file}: ${call.slice(0, 120)}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
