import '@/i18n/screens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  Stack,
  Tab,
  TableCell,
  TableContainer,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { SimpleTable } from '@/components/data-table/simple-table';
import AddIcon from '@mui/icons-material/PersonAdd';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/ManageAccounts';
import { errorMessage } from '@/lib/error-message';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';
import { useAdminUsers } from '../api/admin-users';
import { AddAdminUserDialog } from './add-admin-user-dialog';
import { AuditLogView } from './audit-log-view';
import { DeleteAdminUserDialog } from './delete-admin-user-dialog';
import { EditRolesDialog } from './edit-roles-dialog';
import { RoleGrantsPanel } from './role-grants-panel';
import { scrollTableSx } from '@/components/data-table/scroll-table';

type AdminRow = NonNullable<ReturnType<typeof useAdminUsers>['data']>[number];

/** /admin_user (super admins only): the admin accounts with their roles, and the audit log. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  // The tab is in the URL with the audit log's view (its page, sort and filters), so a link or
  // a reload reopens the same view.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'audit' ? 'audit' : 'accounts';
  const setTab = (value: 'accounts' | 'audit') =>
    setParams(value === 'audit' ? { tab: 'audit' } : {});
  return (
    <Card variant="outlined">
      <Tabs
        value={tab}
        onChange={(_e, value: 'accounts' | 'audit') => setTab(value)}
        // Scrolls on a phone: the second tab's label ran past the screen's edge.
        variant="scrollable"
        sx={{ px: 2 }}
      >
        <Tab value="accounts" label={t('adminUsers.accountsTab')} />
        <Tab value="audit" label={t('audit.title')} />
      </Tabs>
      <Box sx={{ p: 2 }}>{tab === 'accounts' ? <AdminAccounts /> : <AuditLogView />}</Box>
    </Card>
  );
}

function AdminAccounts() {
  const { t } = useTranslation();
  const admins = useAdminUsers();
  const me = useCurrentAdmin();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminRow | null>(null);
  const [deleting, setDeleting] = useState<AdminRow | null>(null);

  return (
    <Stack spacing={2}>
      <Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          aria-haspopup="dialog"
          onClick={() => setAdding(true)}
        >
          {t('adminUsers.add')}
        </Button>
      </Box>
      <RoleGrantsPanel />
      {admins.error && (
        <Typography color="error" role="alert">
          {errorMessage(admins.error, t)}
        </Typography>
      )}
      {/* Six columns do not fit a phone: the table scrolls inside its box, the ID pinned. */}
      <TableContainer sx={scrollTableSx} tabIndex={0}>
        <SimpleTable
          aria-label={t('adminUsers.listLabel')}
          headers={[
            t('adminUsers.id'),
            t('adminUsers.userName'),
            t('adminUsers.email'),
            t('adminUsers.roles'),
            t('adminUsers.status'),
            { label: t('adminUsers.actions'), align: 'right' },
          ]}
        >
          {(admins.data ?? []).map((admin) => {
            const self = admin.id === me.data?.id;
            return (
              <TableRow key={admin.id} data-testid={`admin-row-${admin.userName}`}>
                <TableCell>{admin.id}</TableCell>
                <TableCell>{admin.userName}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{admin.email}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {admin.roles.map((role) => (
                      <Chip
                        key={role.name}
                        label={t(`roles.${role.name}`, { defaultValue: role.name })}
                        title={t(`roles.descriptions.${role.name}`, {
                          defaultValue: role.description,
                        })}
                        size="small"
                      />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5}>
                    {admin.mustChangePassword && (
                      <Chip size="small" color="warning" label={t('adminUsers.pendingPassword')} />
                    )}
                    {admin.totpEnabled && (
                      <Chip size="small" color="success" label={t('adminUsers.twoFactor')} />
                    )}
                    {/* Neither flag: say the account is in normal use rather than show nothing. */}
                    {!admin.mustChangePassword && !admin.totpEnabled && (
                      <Chip size="small" variant="outlined" label={t('adminUsers.active')} />
                    )}
                  </Stack>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('adminUsers.editRoles')}>
                    <IconButton
                      aria-label={`${t('adminUsers.editRoles')} ${admin.userName}`}
                      aria-haspopup="dialog"
                      onClick={() => setEditing(admin)}
                    >
                      <EditIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={self ? t('adminUsers.cannotDeleteSelf') : t('adminUsers.delete')}>
                    {/* A span keeps the tooltip working on the disabled button. */}
                    <span>
                      <IconButton
                        aria-label={`${t('adminUsers.delete')} ${admin.userName}`}
                        color="error"
                        disabled={self}
                        aria-haspopup="dialog"
                        onClick={() => setDeleting(admin)}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </SimpleTable>
      </TableContainer>
      <AddAdminUserDialog open={adding} onClose={() => setAdding(false)} />
      {editing && <EditRolesDialog admin={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteAdminUserDialog admin={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
