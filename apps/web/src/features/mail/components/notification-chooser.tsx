import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { NOTIFICATION_CHOICES_PAGE, useNotificationChoices } from '../api/notifications';

/**
 * The notification to send, chosen from every notification, 100 at a time (issue 26); the
 * chosen one stays the value when it is on another page.
 */
export function NotificationChooser({
  notificationId,
  readOnly,
  onChange,
}: {
  notificationId: number | null;
  readOnly: boolean;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const [choicePage, setChoicePage] = useState(0);
  const notifications = useNotificationChoices(choicePage);
  const choiceTotal = notifications.data?.pagination.totalRecords ?? 0;
  const choiceList = notifications.data?.list ?? [];
  const choiceFrom = choicePage * NOTIFICATION_CHOICES_PAGE;
  return (
    <>
      <TextField
        select
        size="small"
        disabled={readOnly}
        label={t('mail.chooseNotification')}
        value={notificationId ? String(notificationId) : ''}
        onChange={(e) => onChange(e.target.value || null)}
        sx={{ maxWidth: 520 }}
      >
        {notificationId !== null && !choiceList.some((n) => n.id === notificationId) && (
          // The chosen one is on another page: kept as the value, named by its id.
          <MenuItem value={String(notificationId)}>#{notificationId}</MenuItem>
        )}
        {choiceList.map((n) => (
          <MenuItem key={n.id} value={String(n.id)}>
            {n.title} ({t(`mail.language.${n.language as 'ja' | 'en'}`)})
          </MenuItem>
        ))}
      </TextField>
      {choiceTotal > NOTIFICATION_CHOICES_PAGE && (
        <Stack direction="row" spacing={1} alignItems="center" data-testid="notification-pages">
          <Button
            size="small"
            disabled={choicePage === 0}
            onClick={() => setChoicePage((p) => p - 1)}
          >
            {t('mail.newerChoices')}
          </Button>
          <Typography variant="body2">
            {t('mail.choicesRange', {
              from: choiceFrom + 1,
              to: choiceFrom + choiceList.length,
              total: choiceTotal,
            })}
          </Typography>
          <Button
            size="small"
            disabled={choiceFrom + NOTIFICATION_CHOICES_PAGE >= choiceTotal}
            onClick={() => setChoicePage((p) => p + 1)}
          >
            {t('mail.olderChoices')}
          </Button>
        </Stack>
      )}
    </>
  );
}
