// Entry of the import parse worker (issue 10 §3) when the server runs from TypeScript source.
// Plain JavaScript so that it loads the same way under `npm run dev` (tsx), vitest, or a worker
// whose execArgv has no loader at all. It registers tsx for this thread only, then loads the
// TypeScript worker. The compiled server (npm start) starts apps/server/dist/import-worker.mjs
// instead, built from import-worker.ts (ADR 0019, platform/server-paths.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./import-worker.ts', import.meta.url);
