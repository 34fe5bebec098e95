import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/ja';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, jaJP } from '@mui/x-date-pickers/locales';
import type { DateValidationError, DateTimeValidationError } from '@mui/x-date-pickers/models';
import { businessTimeZone } from '@/lib/date-time';
import type { DateInputProps } from './date-input';

dayjs.extend(utc);
dayjs.extend(timezone);

const LOCALE_TEXTS = {
  // MUI's Japanese texts keep the English placeholders (YYYY/MM/DD hh:mm): an empty field on a
  // Japanese screen shows dashes in their place, as a Japanese browser's own date field does.
  ja: {
    ...jaJP.components.MuiLocalizationProvider.defaultProps.localeText,
    fieldYearPlaceholder: (params: { digitAmount: number }) => '-'.repeat(params.digitAmount),
    fieldMonthPlaceholder: () => '--',
    fieldDayPlaceholder: () => '--',
    fieldHoursPlaceholder: () => '--',
    fieldMinutesPlaceholder: () => '--',
    fieldSecondsPlaceholder: () => '--',
  },
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
};

// One written form in both languages, as every date on screen is shown (lib/date-time).
const DATE_FORMAT = 'YYYY/MM/DD';
const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';

/** A DateInput value as a day or minute in the business zone, null when empty or not one. */
function parse(value: string | undefined, zone: string): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs.tz(value, zone);
  return parsed.isValid() ? parsed : null;
}

/** The MUI X picker behind DateInput, loaded with the screens that show one (date-input.tsx). */
export function DatePickerField({
  label,
  value,
  onChange,
  withTime = false,
  min,
  error,
  helperText,
  name,
  disabled,
  readOnly,
  required,
  size = 'small',
  fullWidth,
  sx,
  'data-testid': testId,
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ja';
  const zone = businessTimeZone();
  // A date the field cannot read (typed in part, or not a day) is refused at the field.
  const [problem, setProblem] = useState<DateValidationError | DateTimeValidationError>(null);
  const problemText =
    problem === null
      ? null
      : problem === 'minDate' || problem === 'minTime'
        ? t('dates.beforeMin')
        : t('dates.invalid', { example: withTime ? '2026/03/01 10:00' : '2026/03/01' });
  const common = {
    label,
    value: parse(value, zone),
    timezone: zone,
    disabled,
    readOnly,
    minDate: min ? (parse(min.slice(0, 10), zone) ?? undefined) : undefined,
    onError: (reason: DateValidationError | DateTimeValidationError) => setProblem(reason),
    onChange: (next: Dayjs | null) => {
      if (next === null) onChange('');
      else if (next.isValid()) onChange(next.format(withTime ? 'YYYY-MM-DDTHH:mm' : 'YYYY-MM-DD'));
    },
    slotProps: {
      textField: {
        size,
        name,
        required,
        fullWidth,
        error: Boolean(error) || problemText !== null,
        helperText: error ? helperText : (problemText ?? helperText),
        slotProps: { htmlInput: testId ? { 'data-testid': testId } : undefined },
      },
      field: { clearable: !readOnly && !disabled },
      // The month as each language writes it: 2026年3月, March 2026.
      calendarHeader: { format: language === 'ja' ? 'YYYY年M月' : 'MMMM YYYY' },
    },
    sx: sx ?? { width: withTime ? 250 : 190 },
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language}
      localeText={LOCALE_TEXTS[language]}
    >
      {withTime ? (
        <DateTimePicker {...common} format={DATE_TIME_FORMAT} ampm={false} />
      ) : (
        <DatePicker {...common} format={DATE_FORMAT} />
      )}
    </LocalizationProvider>
  );
}
