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
  },
});
