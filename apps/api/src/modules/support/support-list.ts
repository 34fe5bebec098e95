import { CONTACTS_SHAPE } from '@app/shared';
import { defineList, type FilterInput, type FilterValues } from '../../platform/lists';

/**
 * The support inquiries list (`userContacts`), declared once (docs/list-conventions.md): its
 * filters and sort targets. The schema's arguments, the service's input and the repository's
 * filter are derived from it.
 */
export const CONTACTS_LIST = defineList(CONTACTS_SHAPE);

export type ContactsSortTarget = (typeof CONTACTS_LIST.sortTargets)[number];
/** The inquiry filters as the service takes them. */
export type ContactsInput = FilterInput<typeof CONTACTS_LIST.filters>;
/** The inquiry filters as plain values (before the service's status check). */
export type ContactsFilterValues = FilterValues<typeof CONTACTS_LIST.filters>;
