import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { graphqlDocuments } from './scripts/vite-graphql-documents';

const api = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [graphqlDocuments(), react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    proxy: {
      '/graphql-admin': api,
      '/healthz': api,
      // GET /login is the sign-in page; only the POST is the API.
      '/login': {
        target: api,
        bypass: (req) => (req.method === 'GET' ? '/index.html' : undefined),
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Two libraries the shell uses in full, each as one chunk rather than a handful split by
        // which routes share which of their modules: every file of the first load compresses
        // on its own, and the dashboard's first load must stay under 200 KiB of gzip
        // (e2e/shell.e2e.ts).
        codeSplitting: {
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
