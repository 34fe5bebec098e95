import { CONTACT_STATUSES, isBlankText, type ContactStatus } from '@app/shared';
import { badInput, notAnId, notOneOf } from '../../shared/list-input';

/** The longest reply or note (characters); the database checks the same bound (0161). */
const CONTACT_MESSAGE_MAX = 10_000;

/** The input field every inquiry write takes: which inquiry. */
export const CONTACT_ID = { userContactId: { type: 'ID', required: true } } as const;

/** A reply's or a note's text, as the two writes take it. */
export const BODY = {
  body: {
    type: 'String',
    required: true,
    description: `Not blank, at most ${CONTACT_MESSAGE_MAX} characters.`,
  },
} as const;

/** A reply or note's text: not blank (the shared rule), at most CONTACT_MESSAGE_MAX characters. */
export function messageBody(value: string): string {
  if (isBlankText(value)) throw badInput('body', 'must not be blank.', { code: 'required' });
  const body = value.trim();
  if (body.length > CONTACT_MESSAGE_MAX)
    throw badInput('body', `must be at most ${CONTACT_MESSAGE_MAX} characters.`, {
      code: 'maxLength',
      params: { max: CONTACT_MESSAGE_MAX },
    });
  return body;
}

/** An inquiry's id as the database holds it, or the refusal of one that is not. */
export function contactId(value: string | number): string {
  const text = String(value).trim();
  if (!/^[1-9]\d{0,17}$/.test(text)) throw notAnId('userContactId');
  return text;
}

/** A status as sent, checked: one that is not one is refused, not trimmed away. */
export function contactStatus(field: string, value: string): ContactStatus {
  if (!(CONTACT_STATUSES as readonly string[]).includes(value)) {
    throw notOneOf(field, CONTACT_STATUSES);
  }
  return value as ContactStatus;
}
