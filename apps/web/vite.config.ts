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
  build: { outDir: 'dist', sourcemap: true },
});
