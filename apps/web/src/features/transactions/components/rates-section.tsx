import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, DialogContentText, Stack, Typography } from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { GuardedAction, useReadOnly, WriteForm } from '@/components/guarded-action';
import { SectionCard } from '@/components/section-card';
import { AmountText } from '@/components/amount-text';
import { exactAmountText } from '@/lib/amount';
import { adminTimeZone, formatDateTime, fromZoneInput } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/feedback';
import { useAssignRates, useRatesSummary } from '../api/queries';
import { UnfixedPayments } from './unfixed-payments';
import { decimalProblem, ruleMessage } from './form-helpers';
import { DraftTextField } from './draft-text-field';
import { DateInput } from '@/components/date-input';

type Draft = {
  startAt: string;
  endAt: string;
  deadline: string;
  BTCHECRate: string;
  BTCETHRate: string;
};
const EMPTY: Draft = { startAt: '', endAt: '', deadline: '', BTCHECRate: '', BTCETHRate: '' };

/** Every problem of the form at once, each in the admin's language, by field. */
function draftErrors(
  draft: Draft,
  t: ReturnType<typeof useTranslation>['t'],
  lang: string,
): Partial<Record<keyof Draft, string>> {
  const next: Partial<Record<keyof Draft, string>> = {};
  if (!draft.endAt) next.endAt = ruleMessage(t, lang, 'required', 'endAt');
  if (!draft.deadline) next.deadline = ruleMessage(t, lang, 'required', 'deadline');
  for (const key of ['BTCHECRate', 'BTCETHRate'] as const) {
    const v = draft[key].trim();
    if (!v) next[key] = ruleMessage(t, lang, 'required', key);
    else if (decimalProblem(v, 18)) next[key] = ruleMessage(t, lang, 'regex', key);
    else if (!/[1-9]/.test(v)) next[key] = t('transactions.rates.ratePositive');
  }
  return next;
}

/** The rate form: window, deadline and both rates → preview of what will be fixed → confirm. */
export function RatesSection() {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [asked, setAsked] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const summaryVariables = asked && {
    // The window and deadline are typed in the business zone (its wall clock, named on each
    // field), whatever the browser's zone, and sent as instants.
    confirmedAtFrom: fromZoneInput(asked.startAt),
    confirmedAtUntil: fromZoneInput(asked.endAt)!,
    deadlineDatetime: fromZoneInput(asked.deadline)!,
    BTCHECRate: asked.BTCHECRate.trim(),
    BTCETHRate: asked.BTCETHRate.trim(),
  };
  const summary = useRatesSummary(summaryVariables);
  const assign = useAssignRates();
  const readOnly = useReadOnly();

  const set = (key: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setAsked(null);
    assign.reset();
  };

  const validate = (): boolean => {
    const next = draftErrors(draft, t, i18n.language);
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const preview = () => {
    if (validate()) setAsked(draft);
  };

  const confirm = async () => {
    if (!summaryVariables || !summary.data) return;
    const result = await assign.mutateAsync({
      startAt: summaryVariables.confirmedAtFrom,
      endAt: summaryVariables.confirmedAtUntil,
      deadline: summaryVariables.deadlineDatetime,
      BTCHECRate: summaryVariables.BTCHECRate,
      BTCETHRate: summaryVariables.BTCETHRate,
      // Exactly the payments the preview counted: another set is refused (LIST_CHANGED).
      fingerprint: summary.data.fingerprint,
    });
    // What it did: the count and the coins credited, from the commit's own answer (exact: a
    // toast offers no hover).
    notifySuccess(
      t('transactions.rates.done', {
        count: result.countPayments,
        amountHEC: exactAmountText(result.amountHEC ?? '0'),
        amountETH: exactAmountText(result.amountETH ?? '0'),
      }),
    );
    setAsked(null);
  };

  const field = (key: keyof Draft, type: 'datetime-local' | 'text', unit?: string) =>
    type === 'datetime-local' ? (
      <DateInput
        key={key}
        withTime
        label={t(`transactions.fields.${key}`) + (unit ? ` (${unit})` : '')}
        value={draft[key]}
        disabled={readOnly}
        onChange={set(key)}
        error={Boolean(errors[key])}
        helperText={errors[key] ?? (key === 'startAt' ? t('transactions.rates.startAtHint') : ' ')}
        data-testid={`rates-${key}`}
      />
    ) : (
      <DraftTextField
        draftKey={key}
        unit={unit}
        type={type}
        value={draft[key]}
        disabled={readOnly}
        onValue={set(key)}
        problem={errors[key]}
        hint={key === 'startAt' ? t('transactions.rates.startAtHint') : ' '}
        testId={`rates-${key}`}
        sx={{ minWidth: 220 }}
      />
    );

  const s = summary.data;
  return (
    <SectionCard title={t('transactions.rates.title')} id="rates-form">
      <WriteForm>
        <Stack direction="row" flexWrap="wrap" gap={2}>
          {field('startAt', 'datetime-local', adminTimeZone())}
          {field('endAt', 'datetime-local', adminTimeZone())}
          {field('deadline', 'datetime-local', adminTimeZone())}
          {field('BTCHECRate', 'text', 'HEC/BTC')}
          {field('BTCETHRate', 'text', 'ETH/BTC')}
        </Stack>
        <GuardedAction>
          <Button variant="outlined" onClick={preview} data-testid="rates-preview">
            {t('transactions.rates.preview')}
          </Button>
        </GuardedAction>
      </WriteForm>
      {summary.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(summary.error, t)}
        </Alert>
      ) : null}
      {s && summaryVariables && (
        <Box sx={{ mt: 2 }} data-testid="rates-summary">
          <Typography variant="subtitle2">{t('transactions.rates.summaryTitle')}</Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
            }}
          >
            <dt>{t('transactions.rates.paymentCounts')}</dt>
            <dd data-testid="rates-payment-count">{s.paymentCounts}</dd>
            <dt>{t('transactions.rates.btcToBuyHEC')}</dt>
            <dd>
              <AmountText value={s.BTCAmountToBuyHEC} unit="BTC" />
            </dd>
            <dt>{t('transactions.rates.btcToBuyETH')}</dt>
            <dd>
              <AmountText value={s.BTCAmountToBuyETH} unit="BTC" />
            </dd>
            <dt>{t('transactions.rates.amountHEC')}</dt>
            <dd>
              <AmountText value={s.amountHEC ?? '0'} unit="HEC" />
            </dd>
            <dt>{t('transactions.rates.amountETH')}</dt>
            <dd>
              <AmountText value={s.amountETH ?? '0'} unit="ETH" />
            </dd>
            <dt>{t('transactions.fields.deadline')}</dt>
            <dd>{formatDateTime(s.deadlineDatetime)}</dd>
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('transactions.rates.unfixedList')}
          </Typography>
          <UnfixedPayments
            window={{
              confirmedAtFrom: summaryVariables.confirmedAtFrom ?? null,
              confirmedAtUntil: summaryVariables.confirmedAtUntil,
            }}
          />
          {assign.error ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorMessage(assign.error, t)}
            </Alert>
          ) : null}
          <GuardedAction unavailable={s.paymentCounts === 0 && t('actions.nothingMatching')}>
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={assign.isPending}
              onClick={() => setConfirming(true)}
              data-testid="rates-confirm"
            >
              {t('transactions.rates.confirm', { count: s.paymentCounts })}
            </Button>
          </GuardedAction>
          <ConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={t('transactions.rates.confirmTitle')}
            confirmLabel={t('transactions.rates.confirmYes', { count: s.paymentCounts })}
            confirmTestId="rates-confirm-yes"
            onConfirm={() => {
              setConfirming(false);
              void confirm().catch(() => undefined);
            }}
          >
            <DialogContentText data-testid="rates-confirm-text">
              {t('transactions.rates.confirmText', {
                count: s.paymentCounts,
                // The operator decides on these: exact, whole (docs/domain.md).
                btcHEC: exactAmountText(s.BTCAmountToBuyHEC),
                btcETH: exactAmountText(s.BTCAmountToBuyETH),
              })}
            </DialogContentText>
          </ConfirmDialog>
        </Box>
      )}
    </SectionCard>
  );
}
