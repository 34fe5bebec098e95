import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Button, Stack, Typography } from '@mui/material';
import { useUser } from '../api/user';

/** The user a history page belongs to, with a way back to their detail page. */
export function UserHistoryNav({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useUser(userId);
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
      <Button component={RouterLink} to={`/common/users/${userId}`} size="small" variant="outlined">
        {t('users.backToUser')}
      </Button>
      {user.data && (
        <Typography data-testid="history-user">
          {user.data.userName} ({user.data.aubeUserInfo.email})
        </Typography>
      )}
    </Stack>
  );
}
