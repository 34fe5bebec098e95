import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { FormError, FormTextField, useFormFields } from '@/components/form-text-field';
import { FIELD_HINTS, checkEmail, checkRoles, checkUserName, type Locale } from '@app/shared';
import { fieldMessages, serverFieldMessages } from '@/lib/field-errors';
import { useAddNewAdminUser } from '../api/add-new-admin-user';
import { useRoles } from '../api/roles';

/** The add-admin form (spec section 5: userName, email and at least one role), then the one-time password, once. */
export function AddAdminUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const roles = useRoles();
  const add = useAddNewAdminUser();
  const form = useFormFields({ userName: '', email: '' });
  const { userName, email } = form.values;
  const [selected, setSelected] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);

  const local = fieldMessages(
    [checkUserName(userName.trim()), checkEmail(email.trim()), checkRoles(selected)],
    i18n.language,
  );
  const server = serverFieldMessages(add.error, i18n.language);
  const shown = submitted ? { ...server, ...local } : server;
  const created = add.data;

  const close = () => {
    form.set({ userName: '', email: '' });
    setSelected([]);
    setSubmitted(false);
    add.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    add.mutate({ userName: userName.trim(), email: email.trim(), roles: selected });
  };

  const toggle = (name: string) =>
    setSelected((current) =>
      current.includes(name) ? current.filter((r) => r !== name) : [...current, name],
    );

  return (
    <Dialog open={open} onClose={created ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{t('adminUsers.addTitle')}</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success">
                {t('adminUsers.created', { userName: created.user.userName })}
              </Alert>
              {created.pendingGrants.length > 0 && (
                <Alert severity="info" data-testid="pending-grants-notice">
                  {t('adminUsers.grantsPending', {
                    roles: created.pendingGrants
                      .map((g) => t(`roles.${g.role}`, { defaultValue: g.role }))
                      .join(', '),
                  })}
                </Alert>
              )}
              <Typography>{t('adminUsers.oneTimePasswordIntro')}</Typography>
              <TextField
                label={t('adminUsers.oneTimePassword')}
                value={created.oneTimePassword}
                slotProps={{
                  input: { readOnly: true },
                  htmlInput: { 'data-testid': 'one-time-password' },
                }}
                onFocus={(e) => e.target.select()}
              />
              <Alert severity="warning">{t('adminUsers.oneTimePasswordWarning')}</Alert>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void navigator.clipboard?.writeText(created.oneTimePassword)}>
              {t('adminUsers.copy')}
            </Button>
            <Button variant="contained" onClick={close}>
              {t('adminUsers.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogContent>
            <Stack spacing={2}>
              <FormError error={add.error} fieldProblems={server} />
              <FormTextField
                label={t('adminUsers.userName')}
                {...form.field('userName', shown.userName)}
                hint={FIELD_HINTS[i18n.language as Locale]?.userName}
                required
                autoFocus
              />
              <FormTextField
                label={t('adminUsers.email')}
                {...form.field('email', shown.email)}
                type="email"
                required
              />
              <FormControl error={Boolean(shown.roles)} component="fieldset" required>
                <FormLabel component="legend">{t('adminUsers.roles')}</FormLabel>
                <FormGroup row>
                  {(roles.data ?? []).map((role) => (
                    <FormControlLabel
                      key={role.name}
                      control={
                        <Checkbox
                          checked={selected.includes(role.name)}
                          onChange={() => toggle(role.name)}
                          name={role.name}
                        />
                      }
                      label={t(`roles.${role.name}`, { defaultValue: role.name })}
                      title={t(`roles.descriptions.${role.name}`, {
                        defaultValue: role.description,
                      })}
                    />
                  ))}
                </FormGroup>
                {shown.roles && <FormHelperText>{shown.roles}</FormHelperText>}
              </FormControl>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('adminUsers.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={add.isPending}>
              {t('adminUsers.create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
