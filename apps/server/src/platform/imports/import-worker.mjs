// Entry of the import parse worker (issue 10 §3). Plain JavaScript so that it loads the same way
// however the server runs: `node --import tsx` (npm start, npm run dev), vitest, or a worker
// whose execArgv has no loader at all. It registers tsx for this thread only, then loads the
// TypeScript worker.
import { tsImport } from 'tsx/esm/api';

await tsImport('./import-worker.ts', import.meta.url);
