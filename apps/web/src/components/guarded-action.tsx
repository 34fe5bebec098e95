import { cloneElement, type ChangeEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Box, Button, Tooltip, type ButtonProps } from '@mui/material';
import type { RoleName } from '@app/shared';
import { hasRole } from '@/lib/roles';
import { useCurrentAdmin } from '@/lib/session/use-current-admin';

/**
 * The one rule of the app's actions (issue 26, "actions that cannot be taken are not
 * offered"): a control that changes data is disabled, with the reason on hover and focus, for
 * an admin whose role cannot use it, and any action with nothing to act on is disabled with
 * its reason. The server refuses regardless (default deny); this keeps the screen honest.
 */

/** True when the signed-in admin holds `role` (write: write or super_admin). */
function useHasRole(role: RoleName = 'write'): boolean {
  const admin = useCurrentAdmin();
  return hasRole(admin.data, role);
}

/** True when the signed-in admin may change data. */
export function useCanWrite(): boolean {
  return useHasRole('write');
}

/** Why the admin's role cannot take an action that needs `role` (null when it can). */
function useRoleReason(role: RoleName | null = 'write'): string | null {
  const { t } = useTranslation();
  const allowed = useHasRole(role ?? 'read');
  if (!role || allowed) return null;
  return role === 'super_admin' ? t('actions.needsSuperAdmin') : t('actions.needsWrite');
}

type GuardProps = {
  /** The role the action needs; null for an action any admin may take (an export). */
  role?: RoleName | null;
  /** Why the action cannot be taken now (nothing to act on…); null or absent when it can. */
  unavailable?: string | null | false;
  children: ReactElement<{ disabled?: boolean }>;
};

/**
 * Wraps one control (a button, a switch, a submit): disabled with the reason as a tooltip
 * when the admin's role may not take the action or there is nothing to act on. Controls that
 * change data carry `data-write-action` (the browser test finds every one on every route).
 */
export function GuardedAction({ role = 'write', unavailable, children }: GuardProps) {
  const roleReason = useRoleReason(role);
  const reason = roleReason ?? (unavailable || null);
  const control = cloneElement(children, {
    disabled: Boolean(reason) || Boolean(children.props.disabled),
    ...(role ? { 'data-write-action': role } : {}),
  } as Partial<{ disabled: boolean }>);
  if (!reason) return control;
  return (
    <Tooltip title={reason} describeChild>
      {/* A disabled button takes no pointer events: the wrapper carries the tooltip. */}
      <Box component="span" sx={{ display: 'inline-flex' }} data-action-reason={reason}>
        {control}
        <Box component="span" sx={visuallyHidden}>
          {reason}
        </Box>
      </Box>
    </Tooltip>
  );
}

/**
 * A form that changes data (issue 35, "the reader sees no live forms"): for an admin whose role
 * may not take its action, every field is shown read-only (a disabled fieldset: nothing can be
 * typed, picked or searched) under one line saying why; for the others it is the form as it
 * is. Fields a fieldset cannot reach (a select, an autocomplete) read `useReadOnly()`.
 * `data-write-form` lets the every-route walk find an enabled field of one for the reader.
 */
export function WriteForm({ role = 'write', children }: { role?: RoleName; children: ReactNode }) {
  const { t } = useTranslation();
  const reason = useRoleReason(role);
  // One tree either way: the fields keep their state when the admin's role arrives.
  return (
    <Box data-write-form={reason ? 'read-only' : ''}>
      {reason && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only-form">
          {t('actions.readOnlyForm', { reason })}
        </Alert>
      )}
      <Box
        component="fieldset"
        disabled={Boolean(reason)}
        sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** True when the admin's role may not take a write form's action (its fields are read-only). */
export function useReadOnly(role: RoleName = 'write'): boolean {
  return !useHasRole(role);
}

// Pixels as strings: in `sx` a number from 0 to 1 is a fraction of the parent (width: 1 was
// 100%, and the hidden reason pushed a phone-width page 185 px sideways).
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A file chooser that starts a write (an import, an upload): a button whose hidden input is
 * disabled along with it when the admin's role may not write, the reason on hover.
 */
export function FileChooserButton({
  children,
  onFile,
  disabled = false,
  inputRef,
  testId,
  accept = '.csv,text/csv',
  role = 'write',
  ...button
}: {
  children: ReactNode;
  onFile: (file: File | undefined, event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
  accept?: string;
  role?: RoleName;
} & Pick<ButtonProps, 'variant' | 'size' | 'sx'>) {
  const reason = useRoleReason(role);
  const off = disabled || Boolean(reason);
  return (
    <GuardedAction role={role}>
      <Button component="label" disabled={off} {...button}>
        {children}
        <input
          ref={inputRef}
          hidden
          type="file"
          accept={accept}
          disabled={off}
          data-testid={testId}
          onChange={(e) => onFile(e.target.files?.[0], e)}
        />
      </Button>
    </GuardedAction>
  );
}
