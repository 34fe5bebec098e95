import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n, muiLocaleOf } from '@/i18n';
import { handleGlobalError } from '@/lib/global-error';
import { useThemeSettings } from '@/lib/theme-settings';
import { createAppTheme } from './theme';

/**
 * Creates the query client; the spec says queries run without caching between screens.
 * Every failed query or mutation goes through one handler: the auth dialog or a toast.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleGlobalError(error, i18n.t, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleGlobalError(error, i18n.t, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: 5 * 60_000 },
      mutations: { retry: false },
    },
  });
}

/** Query client, theme (from the stored theme settings, in the admin's language) and baseline CSS. */
export function AppProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: QueryClient;
}) {
  const settings = useThemeSettings();
  // The language is loaded before it becomes current (i18n/index.ts), so its MUI texts are in.
  const language = useTranslation().i18n.language;
  const theme = useMemo(
    () => createAppTheme(settings, muiLocaleOf(language)),
    [settings, language],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
