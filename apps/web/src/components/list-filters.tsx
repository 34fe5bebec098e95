import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Button,
  Chip,
  Collapse,
  FormControl,
  FormLabel,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  checkDecimalText,
  UNIT_SCALES,
  type DecimalTextProblem,
  type MoneyUnit,
} from '@app/shared';
import '@/i18n/lists';
import { DateInput, isReversedRange } from './date-input';

type Option = { value: string; label: string };

/** One filter control of a list screen. */
export type FilterFormField =
  | {
      key: string;
      label: string;
      type?: 'text' | 'date';
      /** How the server matches the text (list.matchPrefix, list.matchExact…), shown under it. */
      hint?: string;
    }
  /** An amount; with a unit, no more decimal places than the unit has (the API's rule). */
  | { key: string; label: string; type: 'decimal'; unit?: MoneyUnit; hint?: string }
  | { key: string; label: string; type: 'chips'; options: Option[] }
  | { key: string; label: string; type: 'select'; options: Option[] };

export type FilterDraft = Record<string, string | string[]>;

/** Why a field's draft value cannot be sent (amounts: the shared decimal rules), or null. */
function fieldError(
  field: FilterFormField,
  value: string | string[] | undefined,
): DecimalTextProblem | null {
  if (field.type !== 'decimal' || typeof value !== 'string' || value === '') return null;
  return checkDecimalText(value.trim(), field.unit ? { scale: UNIT_SCALES[field.unit] } : {});
}

/**
 * The filter form above a list. Edits stay local until Search (or Enter), so typing does not
 * flood the history; the applied values live in the URL. Remounts when the URL changes, so
 * back and forward show the filters of the view they return to.
 */
export function ListFilters(props: {
  fields: FilterFormField[];
  values: FilterDraft;
  onApply: (values: FilterDraft) => void;
  onClear: () => void;
}) {
  return <FilterForm key={JSON.stringify(props.values)} {...props} />;
}

/** What is wrong with an amount filter, in the admin's language. */
function amountProblemText(
  t: ReturnType<typeof useTranslation>['t'],
  error: DecimalTextProblem,
): string {
  return error.problem === 'scale' || error.problem === 'integer_digits'
    ? t(error.problem === 'scale' ? 'list.amountScale' : 'list.amountDigits', {
        count: error.max,
      })
    : t('list.invalidAmount');
}

function FilterForm({
  fields,
  values,
  onApply,
  onClear,
}: {
  fields: FilterFormField[];
  values: FilterDraft;
  onApply: (values: FilterDraft) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterDraft>(values);
  const set = (key: string, value: string | string[]) => setDraft((d) => ({ ...d, [key]: value }));
  const toggle = (key: string, option: string) =>
    setDraft((d) => {
      const now = Array.isArray(d[key]) ? d[key] : [];
      return {
        ...d,
        [key]: now.includes(option) ? now.filter((v) => v !== option) : [...now, option],
      };
    });
  // A date range's end before its start (`…From` after `…Until`, the API's names, packages/
  // shared lists.ts) is refused at the "until" field instead of listing nothing (issue 35).
  const rangeStart = (field: FilterFormField): FilterFormField | undefined =>
    field.type === 'date' && field.key.endsWith('Until')
      ? fields.find((f) => f.type === 'date' && f.key === `${field.key.slice(0, -5)}From`)
      : undefined;
  const reversed = (field: FilterFormField): FilterFormField | undefined => {
    const start = rangeStart(field);
    const text = (key: string) => (typeof draft[key] === 'string' ? draft[key] : undefined);
    return start && isReversedRange(text(start.key), text(field.key)) ? start : undefined;
  };
  const invalid = fields.some(
    (f) => fieldError(f, draft[f.key]) !== null || reversed(f) !== undefined,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onApply(draft);
  };

  // One line of filters, so the first rows stay above the fold of a 1366×768 laptop (issue
  // 26): the first few single-line fields; the rest (and every chip group, which wraps) open
  // with "more". A hidden field with a value opens them, so no applied filter is out of sight.
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const lineFields: FilterFormField[] = fields
    .filter((f) => f.type !== 'chips')
    .slice(0, wide ? 3 : 1);
  const moreFields = fields.filter((f) => !lineFields.includes(f));
  const hasValue = (f: FilterFormField) => {
    const value = values[f.key];
    return Array.isArray(value) ? value.length > 0 : Boolean(value);
  };
  const activeMore = moreFields.filter(hasValue).length;
  const [expanded, setExpanded] = useState(activeMore > 0);
  const moreId = `more-filters-${fields.map((f) => f.key).join('-')}`;

  const control = (field: FilterFormField): ReactNode => {
    const value = draft[field.key];
    if (field.type === 'chips') {
      const selected = Array.isArray(value) ? value : [];
      return (
        <FormControl key={field.key} component="fieldset" sx={{ minWidth: 240 }}>
          <FormLabel component="legend" sx={{ typography: 'caption', mb: 0.5 }}>
            {field.label}
          </FormLabel>
          <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.5}>
            {field.options.map((option) => {
              const on = selected.includes(option.value);
              return (
                <Chip
                  key={option.value}
                  label={option.label}
                  size="small"
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  role="checkbox"
                  aria-checked={on}
                  // From the latest draft, not this render's: a second chip clicked before
                  // the first click's render must not undo it.
                  onClick={() => toggle(field.key, option.value)}
                />
              );
            })}
          </Stack>
        </FormControl>
      );
    }
    if (field.type === 'select') {
      const id = `filter-${field.key}`;
      return (
        <FormControl key={field.key} size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={`${id}-label`}>{field.label}</InputLabel>
          <Select
            labelId={`${id}-label`}
            id={id}
            label={field.label}
            value={typeof value === 'string' ? value : ''}
            onChange={(e) => set(field.key, e.target.value)}
          >
            <MenuItem value="">{t('list.any')}</MenuItem>
            {field.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      );
    }
    if (field.type === 'date') {
      const start = rangeStart(field);
      const startValue = start ? draft[start.key] : undefined;
      const reversedFrom = reversed(field);
      return (
        <DateInput
          key={field.key}
          label={field.label}
          name={field.key}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => set(field.key, next)}
          {...(typeof startValue === 'string' && startValue !== '' && { min: startValue })}
          error={reversedFrom !== undefined}
          helperText={reversedFrom ? t('dates.reversed', { from: reversedFrom.label }) : field.hint}
        />
      );
    }
    const error = fieldError(field, value);
    return (
      <TextField
        key={field.key}
        size="small"
        label={field.label}
        name={field.key}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(field.key, e.target.value)}
        error={error !== null}
        helperText={error ? amountProblemText(t, error) : 'hint' in field ? field.hint : undefined}
        slotProps={{
          htmlInput: field.type === 'decimal' ? { inputMode: 'decimal' } : undefined,
        }}
        sx={{ width: 200 }}
      />
    );
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ px: 2, py: 1.5, mb: 1.5 }}
    >
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={2} alignItems="flex-start">
        {lineFields.map(control)}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 40 }}>
          <Button type="submit" variant="contained" disabled={invalid}>
            {t('list.search')}
          </Button>
          <Button type="button" onClick={onClear}>
            {t('list.clear')}
          </Button>
          {moreFields.length > 0 && (
            <Button
              type="button"
              aria-expanded={expanded}
              aria-controls={moreId}
              onClick={() => setExpanded((e) => !e)}
            >
              {expanded
                ? t('list.fewerFilters')
                : activeMore
                  ? t('list.moreFiltersActive', { count: activeMore })
                  : t('list.moreFilters', { count: moreFields.length })}
            </Button>
          )}
        </Box>
      </Stack>
      {moreFields.length > 0 && (
        <Collapse in={expanded} id={moreId} unmountOnExit={false}>
          <Stack
            direction="row"
            useFlexGap
            flexWrap="wrap"
            spacing={2}
            alignItems="flex-start"
            sx={{ pt: 2 }}
          >
            {moreFields.map(control)}
          </Stack>
        </Collapse>
      )}
    </Paper>
  );
}
