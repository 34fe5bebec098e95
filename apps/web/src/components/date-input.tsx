import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type SxProps, type Theme } from '@mui/material';

/**
 * What a date or date-time field takes and gives: the business zone's wall clock as text,
 * '2026-03-01' for a date, '2026-03-01T10:00' for a date and time ('' when empty), the shape
 * the forms already convert with lib/date-time (dayStartIso, fromZoneInput…).
 */
export type DateInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A date and time (minutes) instead of a day. */
  withTime?: boolean;
  /** The earliest value the calendar offers (a range's "until" gets its "from"). */
  min?: string;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
};

// The pickers (MUI X and dayjs with its ja locale) load with the first screen that shows a
// date field, not with the shell: the dashboard's first load stays within its 200 KiB budget.
const Picker = lazy(() =>
  import('./date-picker-field').then((m) => ({ default: m.DatePickerField })),
);

/**
 * The one date and date-time field of the console (issue 35): typed and picked in the admin's
 * language, in the business time zone, never the browser's native input. Until its code has
 * loaded, a read-only text field holds its place.
 */
export function DateInput(props: DateInputProps) {
  return (
    <Suspense
      fallback={
        <TextField
          size={props.size ?? 'small'}
          label={props.label}
          value={props.value.replace('T', ' ').replaceAll('-', '/')}
          disabled
          fullWidth={props.fullWidth}
          helperText={props.helperText}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={props.sx ?? { width: props.withTime ? 250 : 190 }}
        />
      }
    >
      <Picker {...props} />
    </Suspense>
  );
}

/**
 * A range whose "from" is after its "until" (both as DateInput values), refused at the field:
 * the forms show this under the "until" field and do not apply it.
 */
export function isReversedRange(from: string | undefined, until: string | undefined): boolean {
  return Boolean(from && until && from.slice(0, 16) > until.slice(0, 16));
}

/** A range of two days as the range fields edit it. */
export type DateRange = { from: string; until: string };

/**
 * A range's two day fields, "from" then "until": the calendar of "until" starts at "from", and
 * a reversed range is refused under "until", naming the "from" field.
 */
export function DateRangeFields({
  labels: [fromLabel, untilLabel],
  value,
  onChange,
}: {
  labels: readonly [from: string, until: string];
  value: DateRange;
  onChange: (next: (range: DateRange) => DateRange) => void;
}) {
  const { t } = useTranslation();
  const reversed = isReversedRange(value.from, value.until);
  return (
    <>
      <DateInput
        label={fromLabel}
        value={value.from}
        onChange={(from) => onChange((range) => ({ ...range, from }))}
      />
      <DateInput
        label={untilLabel}
        value={value.until}
        min={value.from}
        onChange={(until) => onChange((range) => ({ ...range, until }))}
        error={reversed}
        helperText={reversed ? t('dates.reversed', { from: fromLabel }) : undefined}
      />
    </>
  );
}
