import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, DialogContentText, MenuItem, Stack, TextField } from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PAID_USD_MIN, paidUsdProblem } from '@app/shared';
import { GuardedAction, useReadOnly, WriteForm } from '@/components/guarded-action';
import { SectionCard } from '@/components/section-card';
import { newClientKey } from '@/lib/client-key';
import { addPaymentSentence } from '@/lib/confirm-sentence';
import { adminTimeZone, fromZoneInput } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/feedback';
import { UserIdPicker, type PickedUser } from '@/components/user-id-picker';
import { useAddPayment, useTransactionsPlans } from '../api/queries';
import { decimalProblem, passesCoinMinValue, ruleMessage } from './form-helpers';
import { DraftTextField } from './draft-text-field';
import { DateInput } from '@/components/date-input';

type Draft = {
  planId: string;
  paidUsd: string;
  assetETH: string;
  assetHEC: string;
  confirmedAt: string;
};
type FieldKey = keyof Draft | 'userId';

/** Adds one payment by hand: user picker, plan, amounts with their units, confirmation time. */
export function AddPaymentSection() {
  const { t, i18n } = useTranslation();
  const plans = useTransactionsPlans();
  const add = useAddPayment();
  const readOnly = useReadOnly();
  const [user, setUser] = useState<PickedUser | null>(null);
  const [draft, setDraft] = useState<Draft>({
    planId: '',
    paidUsd: '',
    assetETH: '0',
    assetHEC: '0',
    confirmedAt: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  // One key per submitted form: a double click or a retry after a timeout sends the same key
  // and the server makes one payment; a new key only once the payment is made.
  const [clientKey, setClientKey] = useState(newClientKey);
  // A payment added cannot be taken back: the form asks first, restating what it adds.
  const [confirming, setConfirming] = useState(false);
  const plan = plans.data?.find((p) => String(p.id) === draft.planId);

  const validate = (): boolean => {
    const lang = i18n.language;
    const next: Partial<Record<FieldKey, string>> = {};
    if (!user) next.userId = ruleMessage(t, lang, 'required', 'userId');
    if (!draft.planId) next.planId = ruleMessage(t, lang, 'required', 'planId');
    const usd = draft.paidUsd.trim();
    // The API's own rule (packages/shared), worded as the field's hint states it.
    const usdProblem = paidUsdProblem(usd);
    if (!usd) next.paidUsd = ruleMessage(t, lang, 'required', 'paidUsd');
    else if (usdProblem)
      next.paidUsd = t(`errors.input.${usdProblem.code}`, {
        ...usdProblem.params,
        field: `${t('transactions.fields.paidUsd')} (USD)`,
      });
    for (const [key, other] of [
      ['assetETH', 'assetHEC'],
      ['assetHEC', 'assetETH'],
    ] as const) {
      const v = draft[key].trim();
      if (!v) next[key] = ruleMessage(t, lang, 'required', key);
      else if (decimalProblem(v, 18)) next[key] = ruleMessage(t, lang, 'regex', key);
      else if (!passesCoinMinValue(v, draft[other]))
        next[key] = ruleMessage(t, lang, 'min_value', key, { min: '0.000000000000000001' });
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const ask = () => {
    if (validate() && user) setConfirming(true);
  };

  const submit = async () => {
    setConfirming(false);
    if (!user) return;
    const result = await add.mutateAsync({
      userId: user.id,
      planId: Number(draft.planId),
      paidUsd: Number(draft.paidUsd.trim()),
      assetETH: draft.assetETH.trim(),
      assetHEC: draft.assetHEC.trim(),
      // Typed in the business zone (named on the field), sent as an instant.
      confirmedAt: fromZoneInput(draft.confirmedAt),
      clientKey,
    });
    setClientKey(newClientKey());
    notifySuccess(t('transactions.add.done', { id: result.userPaymentId, user: result.userName }));
    setDraft((d) => ({ ...d, paidUsd: '', assetETH: '0', assetHEC: '0' }));
  };

  const text = (key: keyof Draft, unit?: string, type = 'text', hint = ' ') => (
    <DraftTextField
      draftKey={key}
      unit={unit}
      type={type}
      value={draft[key]}
      disabled={readOnly}
      onValue={(value) => setDraft((d) => ({ ...d, [key]: value }))}
      problem={errors[key]}
      hint={hint}
      testId={`add-${key}`}
      inputMode={key === 'paidUsd' ? 'numeric' : undefined}
      sx={{ minWidth: 200 }}
    />
  );

  return (
    <SectionCard title={t('transactions.add.title')} id="add-payment">
      <WriteForm>
        <Stack direction="row" flexWrap="wrap" gap={2}>
          {/* A reader searches no users: the form is shown read-only. */}
          <UserIdPicker
            value={user}
            onChange={setUser}
            disabled={readOnly}
            optionLabel={(u) => `${u.userName} (#${u.id})`}
            label={t('transactions.fields.userId')}
            error={Boolean(errors.userId)}
            helperText={errors.userId ?? t('transactions.add.userHint')}
            sx={{ minWidth: 240 }}
          />
          <TextField
            select
            size="small"
            label={t('transactions.fields.planId')}
            value={draft.planId}
            disabled={readOnly}
            onChange={(e) => setDraft((d) => ({ ...d, planId: e.target.value }))}
            error={Boolean(errors.planId)}
            helperText={errors.planId ?? ' '}
            sx={{ minWidth: 200 }}
          >
            {(plans.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name} ({p.coinType})
              </MenuItem>
            ))}
          </TextField>
          {text('paidUsd', 'USD', 'text', t('transactions.add.paidUsdHint', { min: PAID_USD_MIN }))}
          {text('assetETH', 'ETH')}
          {text('assetHEC', 'HEC')}
          <DateInput
            withTime
            label={`${t('transactions.fields.confirmedAt')} (${adminTimeZone()})`}
            value={draft.confirmedAt}
            disabled={readOnly}
            onChange={(value) => setDraft((d) => ({ ...d, confirmedAt: value }))}
            error={Boolean(errors.confirmedAt)}
            helperText={errors.confirmedAt ?? ' '}
            data-testid="add-confirmedAt"
          />
        </Stack>
        {add.error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errorMessage(add.error, t)}
          </Alert>
        ) : null}
        <GuardedAction>
          <Button
            variant="contained"
            disabled={add.isPending}
            onClick={ask}
            aria-haspopup="dialog"
            data-testid="add-submit"
          >
            {t('transactions.add.submit')}
          </Button>
        </GuardedAction>
        <ConfirmDialog
          open={confirming && user !== null}
          onClose={() => setConfirming(false)}
          title={t('transactions.add.title')}
          confirmLabel={t('transactions.add.submit')}
          confirmTestId="add-confirm"
          onConfirm={() => void submit().catch(() => undefined)}
        >
          <DialogContentText data-testid="add-confirm-text">
            {user &&
              addPaymentSentence(t, {
                user: `${user.userName} (#${user.id})`,
                plan: plan ? `${plan.name} (${plan.coinType})` : draft.planId,
                paidUsd: draft.paidUsd.trim(),
                assetETH: draft.assetETH.trim(),
                assetHEC: draft.assetHEC.trim(),
              })}
          </DialogContentText>
        </ConfirmDialog>
      </WriteForm>
    </SectionCard>
  );
}
