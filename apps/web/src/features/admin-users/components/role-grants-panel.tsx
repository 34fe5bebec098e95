import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Button,
  Stack,
  TableCell,
  TableContainer,
  TableRow,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import { errorMessage } from '@/lib/error-message';
import { formatDateTime } from '@/lib/date-time';
import { notifySuccess } from '@/lib/feedback';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import {
  useAdminRoleGrants,
  useCancelAdminRoleGrant,
  useConfirmAdminRoleGrant,
} from '../api/role-grants';

/**
 * The two-person rule for roles that can approve (docs/domain.md, "Who may second whom"): a
 * warning while only one super admin exists (the fresh-install exception), and the grants that
 * wait for a second super admin, each confirmed or withdrawn here.
 */
export function RoleGrantsPanel() {
  const { t } = useTranslation();
  const grants = useAdminRoleGrants();
  const me = useCurrentAdmin().data?.id;
  const confirm = useConfirmAdminRoleGrant();
  const cancel = useCancelAdminRoleGrant();
  const [error, setError] = useState<unknown>(null);
  const pending = grants.data?.adminRoleGrants ?? [];
  const busy = confirm.isPending || cancel.isPending;

  const decide = async (action: 'confirm' | 'cancel', id: string) => {
    setError(null);
    try {
      await (action === 'confirm' ? confirm : cancel).mutateAsync({ id });
      notifySuccess(
        t(action === 'confirm' ? 'adminUsers.grantConfirmed' : 'adminUsers.grantWithdrawn'),
      );
    } catch (caught) {
      setError(caught);
    }
  };

  // A grant's button, named with the grant it decides (the same words on every row).
  const decideButton = (
    grant: (typeof pending)[number],
    action: 'confirm' | 'cancel',
    label: string,
    color?: 'inherit',
  ) => (
    <Button
      size="small"
      color={color}
      disabled={busy}
      aria-label={`${label} ${grant.adminUserName} ${grant.role}`}
      onClick={() => void decide(action, grant.id)}
    >
      {label}
    </Button>
  );

  return (
    <Stack spacing={1}>
      {grants.data && grants.data.superAdminCount < 2 && (
        <Alert severity="warning" data-testid="sole-super-admin-warning">
          {t('adminUsers.soleSuperAdmin')}
        </Alert>
      )}
      {error !== null && (
        <Alert severity="error" role="alert">
          {errorMessage(error, t)}
        </Alert>
      )}
      {pending.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h2">
            {t('adminUsers.pendingGrants')}
          </Typography>
          <TableContainer>
            <SimpleTable
              aria-label={t('adminUsers.pendingGrants')}
              headers={[
                t('adminUsers.userName'),
                t('adminUsers.roles'),
                t('adminUsers.proposedBy'),
                { label: t('adminUsers.actions'), align: 'right' },
              ]}
            >
              {pending.map((grant) => (
                <TableRow key={grant.id} data-testid={`role-grant-${grant.adminUserName}`}>
                  <TableCell>{grant.adminUserName}</TableCell>
                  <TableCell>{t(`roles.${grant.role}`, { defaultValue: grant.role })}</TableCell>
                  <TableCell>
                    {grant.proposedByAdminUserName} · {formatDateTime(grant.proposedAt)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {/* Its proposer and its receiver may not confirm it (OWN_ROLE_GRANT): they
                          are offered only what they may do. */}
                    {!isOwn(grant, me) &&
                      decideButton(grant, 'confirm', t('adminUsers.confirmGrant'))}
                    {decideButton(grant, 'cancel', t('adminUsers.withdrawGrant'), 'inherit')}
                  </TableCell>
                </TableRow>
              ))}
            </SimpleTable>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}

/** Whether the signed-in admin proposed the grant or would receive it. */
function isOwn(
  grant: { adminUserId: unknown; proposedByAdminUserId?: unknown },
  me: unknown,
): boolean {
  if (me === undefined || me === null) return false;
  return (
    String(grant.proposedByAdminUserId) === String(me) || String(grant.adminUserId) === String(me)
  );
}
