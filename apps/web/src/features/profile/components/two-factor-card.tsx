import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { FormTextField } from '@/components/form-text-field';
import { TotpCodeField } from '@/components/totp-code-field';
import { TOTP_CODE_PATTERN } from '@app/shared';
import { errorMessage } from '@/lib/error-message';
import { serverFieldMessages } from '@/lib/field-errors';
import { notifySuccess } from '@/lib/feedback';
import { useConfirmTotpEnrollment } from '../api/confirm-totp-enrollment';
import { useDisableTotp } from '../api/disable-totp';
import { useStartTotpEnrollment } from '../api/start-totp-enrollment';
import { ProfileCard } from './profile-card';

/** Two-factor sign-in: enrol with a QR code and a first code, or turn it off with the password. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  return (
    <ProfileCard title={t('profile.twoFactorTitle')}>
      <Typography sx={{ mb: 2 }} data-testid="two-factor-status">
        {enabled ? t('profile.twoFactorOn') : t('profile.twoFactorOff')}
      </Typography>
      {enabled ? <DisableForm /> : <Enrolment />}
    </ProfileCard>
  );
}

function Enrolment() {
  const { t, i18n } = useTranslation();
  const start = useStartTotpEnrollment();
  const confirm = useConfirmTotpEnrollment();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = !TOTP_CODE_PATTERN.test(code.trim());
  const serverError = serverFieldMessages(confirm.error, i18n.language).totpCode;

  if (!start.data) {
    return (
      <Button variant="outlined" onClick={() => start.mutate()} disabled={start.isPending}>
        {t('profile.twoFactorSetUp')}
      </Button>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    confirm.mutate(
      { totpCode: code.trim() },
      { onSuccess: () => notifySuccess(t('profile.twoFactorEnabled')) },
    );
  };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
      <Typography>{t('profile.twoFactorScan')}</Typography>
      <Box
        component="img"
        src={start.data.qrCodeDataUrl}
        alt={t('profile.twoFactorQrAlt')}
        sx={{ width: 200, height: 200, bgcolor: 'common.white', p: 1, borderRadius: 1 }}
      />
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {t('profile.twoFactorSecret')}: <span data-testid="totp-secret">{start.data.secret}</span>
      </Typography>
      <TotpCodeField
        label={t('profile.totpCode')}
        value={code}
        onValue={setCode}
        problem={serverError ?? (touched && invalid ? t('profile.totpCodeHint') : undefined)}
      />
      {confirm.error && !serverError && (
        <Alert severity="error">{errorMessage(confirm.error, t)}</Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={confirm.isPending}>
          {t('profile.twoFactorConfirm')}
        </Button>
      </Box>
    </Stack>
  );
}

function DisableForm() {
  const { t, i18n } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const serverError = serverFieldMessages(disable.error, i18n.language).password;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    disable.mutate(
      { password },
      { onSuccess: () => notifySuccess(t('profile.twoFactorDisabled')) },
    );
  };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onSubmit}>
      <FormTextField
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        problem={serverError}
      />
      {disable.error && !serverError && (
        <Alert severity="error">{errorMessage(disable.error, t)}</Alert>
      )}
      <Box>
        <Button
          type="submit"
          color="warning"
          variant="outlined"
          disabled={disable.isPending || !password}
        >
          {t('profile.twoFactorTurnOff')}
        </Button>
      </Box>
    </Stack>
  );
}
