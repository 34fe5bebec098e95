import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Typography } from '@mui/material';
import { useUser } from '../api/user';
import { WrappingRow } from '@/components/wrapping-row';
import { useUserIdParam } from './use-user-id-param';

/** The user a history page belongs to, with a way back to their detail page. */
export function UserHistoryNav({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useUser(userId);
  return (
    // On a phone the name and email go under the button, and a long email breaks anywhere.
    <WrappingRow columnGap={2} rowGap={1} sx={{ mb: 2 }}>
      <Button component={RouterLink} to={`/common/users/${userId}`} size="small" variant="outlined">
        {t('users.backToUser')}
      </Button>
      {user.data && (
        <Typography data-testid="history-user" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {user.data.userName} ({user.data.aubeUserInfo.email})
        </Typography>
      )}
    </WrappingRow>
  );
}

/** A history page of the user in the URL: the way back to them above `children`, or not found. */
export function UserHistoryPage({ children }: { children: (userId: number) => ReactNode }) {
  const { t } = useTranslation();
  const userId = useUserIdParam();
  if (userId === null) return <Alert severity="error">{t('list.notFound')}</Alert>;
  return (
    <>
      <UserHistoryNav userId={userId} />
      {children(userId)}
    </>
  );
}
