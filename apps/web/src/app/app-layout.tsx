import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AppBar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSignOut } from '@/features/auth/api/sign-out';
import { clearAccessToken } from '@/lib/auth-token';

/** The frame around signed-in pages. */
export function AppLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  const logout = () => {
    const done = () => {
      clearAccessToken();
      queryClient.clear();
      void navigate('/login', { replace: true });
    };
    signOut.mutate(undefined, { onSettled: done });
  };

  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="sticky">
        <Toolbar>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1 }}>
            {t('app.title')}
          </Typography>
          <Button color="inherit" onClick={logout}>
            {t('auth.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 3 }}>
        <Outlet />
      </Container>
    </Box>
  );
}
