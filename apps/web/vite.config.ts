import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API and the server-rendered windows to the Fastify server (port 3000).
const serverPaths = [
  '/api',
  '/Badge',
  '/Exclusion',
  '/Building',
  '/User',
  '/Registration',
  '/SVRegistration',
  '/Visit',
  '/GenerateAndPrint',
  '/Data',
  '/Account/MicrosoftSignOut',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((p) => [p, { target: 'http://localhost:3000', changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    manifest: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // The libraries every screen runs on, in one chunk: each of them is in every route's initial
        // JavaScript anyway, and one file compresses better than six and keeps chunk boundaries stable
        // between builds (issue 24 §6: the front desk's ≤ 250 KB gzip budget, bench/web-size.ts).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
