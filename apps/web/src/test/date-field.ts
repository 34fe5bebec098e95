import { fireEvent, screen } from '@testing-library/react';

/**
 * The value input of the date field labelled `label` (components/date-input.tsx), once its
 * picker has loaded: MUI X keeps the typed date in a hidden input as the field shows it
 * ('2026/03/01', '2026/03/01 10:00').
 */
export async function findDateField(label: string | RegExp): Promise<HTMLInputElement> {
  // A field among the filters that "more" hides is still in the page, hidden.
  // The picker's code loads on first use (lazy), slower than a render under test.
  const group = await screen.findByRole(
    'group',
    { name: label, hidden: true },
    { timeout: 10_000 },
  );
  const input = group.parentElement?.querySelector('input');
  if (!input) throw new Error(`no input in the date field "${String(label)}"`);
  return input;
}

/**
 * Enters a date ('2026-03-01') or a date and time ('2026-03-01T10:00') in the date field
 * labelled `label`, as typing it whole does.
 */
export async function enterDate(label: string | RegExp, value: string): Promise<void> {
  const input = await findDateField(label);
  fireEvent.change(input, { target: { value: value.replaceAll('-', '/').replace('T', ' ') } });
}
