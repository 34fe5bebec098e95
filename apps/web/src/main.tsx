import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createRouter } from './app/router';
import { reloadForNewChunks } from './lib/chunk-reload';
import { loadLocale, storedLocale } from './i18n';

// A chunk of an older build is gone after a deploy: reload to get the current one, at most
// once a minute (spec section 8); otherwise the route's error boundary shows the 500 page.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForNewChunks()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The admin's language is loaded before the first render, so no text ever shows as its key.
// Should its chunk fail, the app still renders (with keys) rather than stay blank.
void loadLocale(storedLocale())
  .catch(() => undefined)
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={createRouter()} />
        </AppProviders>
      </StrictMode>,
    );
  });
