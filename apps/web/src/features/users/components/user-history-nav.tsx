import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { useUser } from '../api/user';
import { WrappingRow } from '@/components/wrapping-row';

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
