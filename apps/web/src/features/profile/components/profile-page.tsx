import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { FormError, FormTextField, useFormFields } from '@/components/form-text-field';
import {
  FIELD_HINTS,
  checkConfirmed,
  validateProfileUpdate,
  type FieldError,
  type Locale,
} from '@app/shared';
import { errorMessage } from '@/lib/error-message';
import { fieldMessages, serverFieldMessages } from '@/lib/field-errors';
import { notifySuccess } from '@/lib/feedback';
import { useMyProfile } from '../api/my-profile';
import { useUpdateAdminUserProfile } from '../api/update-admin-user-profile';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The profile's flags that ask the admin to act first, with their notices' test ids. */
const MUST_DO = [
  ['mustChangePassword', 'must-change-password'],
  ['totpRequired', 'totp-required'],
] as const;

/** /profile: one's own email, user name and password (old password required), and two-factor sign-in. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useMyProfile();
  if (profile.error) {
    return (
      <Typography color="error" role="alert">
        {errorMessage(profile.error, t)}
      </Typography>
    );
  }
  if (!profile.data) return null;
  return (
    // Two columns on a laptop: the account form, and beside it the sessions and two-factor
    // cards (one column of all three put the sessions list 1,100 px down at 1366×768). The
    // right column is as wide as the sessions table needs.
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(320px, 1fr) minmax(0, 640px)' },
        maxWidth: { xs: 640, lg: 1280 },
      }}
    >
      {/* What the account must do first, across both columns (profile.<flag>). */}
      {MUST_DO.map(
        ([flag, testId]) =>
          profile.data[flag] && (
            <Alert
              key={flag}
              severity="warning"
              role="status"
              data-testid={testId}
              sx={{ gridColumn: '1 / -1' }}
            >
              {t(`profile.${flag}`)}
            </Alert>
          ),
      )}
      <ProfileForm key={`${profile.data.email}/${profile.data.userName}`} current={profile.data} />
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <SessionsCard />
        {!profile.data.mustChangePassword && <TwoFactorCard enabled={profile.data.totpEnabled} />}
      </Stack>
    </Box>
  );
}

/** The account form's fields, in order: each labelled `profile.<name>`, with its hint if any. */
const PROFILE_FIELDS: {
  name: 'email' | 'userName' | 'oldPassword' | 'newPassword' | 'newPasswordConfirmation';
  type?: 'email' | 'password';
  autoComplete: string;
  hint?: (t: TFunction, language: Locale) => string | undefined;
}[] = [
  { name: 'email', type: 'email', autoComplete: 'email' },
  {
    name: 'userName',
    autoComplete: 'username',
    hint: (_t, language) => FIELD_HINTS[language]?.userName,
  },
  {
    name: 'oldPassword',
    type: 'password',
    autoComplete: 'current-password',
    hint: (t) => t('profile.oldPasswordHint'),
  },
  {
    name: 'newPassword',
    type: 'password',
    autoComplete: 'new-password',
    hint: (_t, language) => FIELD_HINTS[language]?.password,
  },
  { name: 'newPasswordConfirmation', type: 'password', autoComplete: 'new-password' },
];

function ProfileForm({
  current,
}: {
  current: { email: string; userName: string; mustChangePassword: boolean };
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateAdminUserProfile();
  const form = useFormFields({
    email: current.email,
    userName: current.userName,
    oldPassword: '',
    newPassword: '',
    newPasswordConfirmation: '',
  });
  const { email, userName, oldPassword, newPassword, newPasswordConfirmation } = form.values;
  const [submitted, setSubmitted] = useState(false);

  const errors: Array<FieldError | null> = [
    ...validateProfileUpdate(
      { email: email.trim(), userName: userName.trim(), oldPassword, newPassword },
      current,
    ),
    newPassword
      ? checkConfirmed(
          'newPasswordConfirmation',
          newPasswordConfirmation,
          'newPassword',
          newPassword,
        )
      : null,
  ];
  const local = fieldMessages(errors, i18n.language);
  const server = serverFieldMessages(update.error, i18n.language);
  const shown = submitted ? { ...server, ...local } : server;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    update.mutate(
      {
        email: email.trim() !== current.email ? email.trim() : undefined,
        userName: userName.trim() !== current.userName ? userName.trim() : undefined,
        oldPassword: oldPassword || undefined,
        newPassword: newPassword || undefined,
      },
      {
        onSuccess: () => {
          form.set({ oldPassword: '', newPassword: '', newPasswordConfirmation: '' });
          setSubmitted(false);
          notifySuccess(t('profile.saved'));
        },
      },
    );
  };

  return (
    <ProfileCard title={t('profile.accountTitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={2}>
          <FormError error={update.error} fieldProblems={server} />
          {PROFILE_FIELDS.map(({ name, type, autoComplete, hint }) => (
            <FormTextField
              key={name}
              label={t(`profile.${name}`)}
              {...form.field(name, shown[name])}
              type={type}
              autoComplete={autoComplete}
              hint={hint?.(t, i18n.language as Locale)}
            />
          ))}
          <Box>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('profile.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </ProfileCard>
  );
}
