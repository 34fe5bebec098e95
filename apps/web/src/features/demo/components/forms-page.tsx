import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, FormControlLabel, Paper, Stack } from '@mui/material';
import { SelectField } from '@/components/select-field';
import { FormTextField } from '@/components/form-text-field';
import { EMAIL_PATTERN, ROLE_NAMES, USER_NAME_PATTERN } from '@app/shared';
import { DemoIntro } from './demo-intro';

type Errors = { userName?: string; email?: string };

/** /forms: text fields, a select and a checkbox with the spec's validation rules and messages. */
export function FormsPage() {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(ROLE_NAMES[0]);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [valid, setValid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!userName) next.userName = t('validation.required', { field: t('demo.forms.userName') });
    else if (!USER_NAME_PATTERN.test(userName)) next.userName = t('demo.forms.userNameInvalid');
    if (!email) next.email = t('validation.required', { field: t('demo.forms.email') });
    else if (!EMAIL_PATTERN.test(email)) next.email = t('demo.forms.emailInvalid');
    setErrors(next);
    setValid(!next.userName && !next.email);
  };

  return (
    <>
      <DemoIntro />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          {valid && <Alert severity="success">{t('demo.forms.valid')}</Alert>}
          <FormTextField
            label={t('demo.forms.userName')}
            value={userName}
            onValue={setUserName}
            problem={errors.userName}
            hint={t('demo.forms.userNameHint')}
            required
          />
          <FormTextField
            label={t('demo.forms.email')}
            type="email"
            value={email}
            onValue={setEmail}
            problem={errors.email}
            required
          />
          <SelectField
            label={t('demo.forms.role')}
            value={role}
            options={ROLE_NAMES}
            optionLabel={(name) => t(`roles.${name}`)}
            onValue={setRole}
          />
          <FormControlLabel
            control={
              <Checkbox checked={agree} onChange={(event) => setAgree(event.target.checked)} />
            }
            label={t('demo.forms.agree')}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!agree}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('demo.forms.submit')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
