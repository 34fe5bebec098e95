import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
} from '@mui/material';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { checkRoles } from '@app/shared';
import { errorMessage } from '@/lib/error-message';
import { fieldMessages } from '@/lib/field-errors';
import { notifySuccess } from '@/lib/feedback';
import { useAddRoleToUser } from '../api/add-role-to-user';
import { useDeleteRoleFromUser } from '../api/delete-role-from-user';
import { useRoles } from '../api/roles';

type Target = { id: number; userName: string; roles: ReadonlyArray<{ name: string }> };

/** Adds and removes roles of one admin: one postAddRoleToUser and/or one postDeleteRoleFromUser. */
export function EditRolesDialog({ admin, onClose }: { admin: Target; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const roles = useRoles();
  const addRoles = useAddRoleToUser();
  const removeRoles = useDeleteRoleFromUser();
  const [selected, setSelected] = useState<string[]>(admin.roles.map((r) => r.name));
  const [error, setError] = useState<unknown>(null);
  const roleError = fieldMessages([checkRoles(selected)], i18n.language).roles;
  const busy = addRoles.isPending || removeRoles.isPending;

  const save = async () => {
    if (roleError) return;
    const current = admin.roles.map((r) => r.name);
    const toAdd = selected.filter((r) => !current.includes(r));
    const toRemove = current.filter((r) => !selected.includes(r));
    setError(null);
    try {
      const added = toAdd.length
        ? await addRoles.mutateAsync({ userId: admin.id, roles: toAdd })
        : null;
      // A role that waits for a second super admin is not held yet: the admin keeps a role
      // being taken away when it would be their last (the server's rule too).
      const held = added ? added.user.roles.map((r) => r.name) : current;
      const removable = held.every((r) => toRemove.includes(r))
        ? toRemove.filter((r) => r !== held.find((h) => !selected.includes(h)))
        : toRemove;
      if (removable.length) await removeRoles.mutateAsync({ userId: admin.id, roles: removable });
      const pending = added?.pendingGrants ?? [];
      notifySuccess(
        pending.length > 0
          ? t('adminUsers.grantsPending', {
              roles: pending.map((g) => t(`roles.${g.role}`, { defaultValue: g.role })).join(', '),
            })
          : t('adminUsers.rolesSaved'),
      );
      onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('adminUsers.editRolesTitle', { userName: admin.userName })}
      width="xs"
      confirmLabel={t('adminUsers.save')}
      onConfirm={() => void save()}
      confirmDisabled={busy || Boolean(roleError)}
    >
      {error !== null && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {errorMessage(error, t)}
        </Alert>
      )}
      <FormControl error={Boolean(roleError)} component="fieldset">
        <FormGroup>
          {(roles.data ?? []).map((role) => (
            <FormControlLabel
              key={role.name}
              control={
                <Checkbox
                  checked={selected.includes(role.name)}
                  name={role.name}
                  onChange={() =>
                    setSelected((s) =>
                      s.includes(role.name) ? s.filter((r) => r !== role.name) : [...s, role.name],
                    )
                  }
                />
              }
              label={`${t(`roles.${role.name}`, { defaultValue: role.name })} — ${t(
                `roles.descriptions.${role.name}`,
                { defaultValue: role.description },
              )}`}
            />
          ))}
        </FormGroup>
        {roleError && <FormHelperText>{roleError}</FormHelperText>}
      </FormControl>
    </ConfirmDialog>
  );
}
