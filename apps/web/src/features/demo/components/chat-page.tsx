import '@/i18n/screens';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { DemoIntro } from './demo-intro';

type Message = { id: number; text: string; at: string };

/** /chat: a message list and composer, kept in the page only (nothing is sent anywhere). */
export function ChatPage() {
  const { t, i18n } = useTranslation();
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState('');

  const send = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const at = new Date().toLocaleTimeString(i18n.language === 'en' ? 'en-US' : 'ja-JP');
    setMessages((list) => [...list, { id: list.length + 1, text, at }]);
    setDraft('');
  };

  return (
    <>
      <DemoIntro />
      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: 420 }}>
        <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }} aria-live="polite">
          {messages.length === 0 ? (
            <Typography color="text.secondary">{t('demo.chat.empty')}</Typography>
          ) : (
            <List>
              {messages.map((message) => (
                <ListItem key={message.id} sx={{ justifyContent: 'flex-end' }}>
                  <Paper
                    sx={{
                      px: 2,
                      py: 1,
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      maxWidth: '80%',
                    }}
                  >
                    <ListItemText
                      primary={message.text}
                      secondary={`${t('demo.chat.you')} · ${message.at}`}
                      slotProps={{ secondary: { sx: { color: 'inherit' } } }}
                      sx={{ m: 0, overflowWrap: 'anywhere' }}
                    />
                  </Paper>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={send}
          sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
        >
          <TextField
            label={t('demo.chat.messageLabel')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            size="small"
            fullWidth
          />
          <Button type="submit" variant="contained" endIcon={<SendIcon />}>
            {t('demo.chat.send')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
