import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { FormTextField, useFormFields } from '@/components/form-text-field';
import { TotpCodeField } from '@/components/totp-code-field';
import { EMAIL_PATTERN } from '@app/shared';
import { LanguageSwitch } from '@/components/language-switch';
import { getAccessToken, setAccessToken } from '@/lib/auth-token';
import { errorMessage } from '@/lib/error-message';
import { GraphQLRequestError } from '@/lib/graphql-client';
import { useSignIn } from '../api/sign-in';

type FieldErrors = { email?: string; password?: string };

/**
 * Where to go once signed in: the page the admin was sent here from (an ended session, a
 * signed-out visit), with its query string; the dashboard otherwise. Only a path of this app.
 */
export function afterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) && !from.startsWith('/login')
    ? from
    : '/common/dashboard';
}

/** The /login page: email and password, validated as spec section 5 says. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const form = useFormFields({ email: '', password: '' });
  const { email, password } = form.values;
  // Shown once the server answers TOTP_REQUIRED: the account has two-factor sign-in on.
  const [totpCode, setTotpCode] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  // Signed in (here, or in another tab): on to where the admin was going.
  if (getAccessToken()) return <Navigate to={afterSignIn(location.state)} replace />;

  const validate = (): FieldErrors => {
    const errors: FieldErrors = {};
    const emailField = t('auth.email');
    if (!email.trim()) errors.email = t('validation.required', { field: emailField });
    else if (!EMAIL_PATTERN.test(email.trim()))
      errors.email = t('validation.email', { field: emailField });
    if (!password) errors.password = t('validation.required', { field: t('auth.password') });
    return errors;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    signIn.mutate(
      { email: email.trim(), password, totpCode: needsTotp ? totpCode.trim() : undefined },
      {
        onSuccess: (result) => {
          setAccessToken(result.accessToken);
          void navigate(afterSignIn(location.state), { replace: true });
        },
        onError: (error) => {
          if (error instanceof GraphQLRequestError && error.code === 'TOTP_REQUIRED')
            setNeedsTotp(true);
        },
      },
    );
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <LanguageSwitch color="primary" />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {t('app.title')} — {t('auth.signInTitle')}
          </Typography>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Stack spacing={2}>
              {signIn.error && (
                <Alert severity={needsTotp && !totpCode ? 'info' : 'error'} role="alert">
                  {errorMessage(signIn.error, t)}
                </Alert>
              )}
              <FormTextField
                label={t('auth.email')}
                {...form.field('email', fieldErrors.email)}
                type="email"
                autoComplete="username"
                required
                autoFocus
              />
              <FormTextField
                label={t('auth.password')}
                {...form.field('password', fieldErrors.password)}
                type="password"
                autoComplete="current-password"
                required
              />
              {needsTotp && (
                <TotpCodeField
                  label={t('auth.totpCode')}
                  value={totpCode}
                  onValue={setTotpCode}
                  autoFocus
                />
              )}
              <Button type="submit" variant="contained" size="large" disabled={signIn.isPending}>
                {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
