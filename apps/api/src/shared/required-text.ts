import { isBlankText } from '@app/shared';
import { AppError } from './app-error';
import { badInput } from './list-input';

/**
 * A required text argument: not blank by the one shared rule (isBlankText: empty, or only
 * white space and invisible characters such as U+200B), at most `max` characters once
 * trimmed. Answers the trimmed text. A blank text is BAD_USER_INPUT with
 * `extensions.reason` BLANK_TEXT and `extensions.field`.
 */
export function requiredText(field: string, value: string | null | undefined, max: number): string {
  if (isBlankText(value)) {
    throw new AppError(
      'BAD_USER_INPUT',
      `${field}: must contain visible text (spaces and invisible characters alone are blank).`,
      { field, reason: 'BLANK_TEXT' },
    );
  }
  const text = (value ?? '').trim();
  if (text.length > max)
    throw badInput(field, `at most ${max} characters.`, {
      code: 'maxLength',
      params: { max },
    });
  return text;
}
