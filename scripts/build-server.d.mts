// Types of scripts/build-server.mjs for the TypeScript that imports it (bench/run.ts).
export declare const ROOT: string;
export declare const SERVER_DIST: string;
export declare const SERVER_ENTRIES: Record<string, string>;
export declare function buildServer(options?: {
  /** output name → source file relative to the repository root */
  entries?: Record<string, string>;
  /** inside apps/server */
  outdir?: string;
  logLevel?: 'verbose' | 'debug' | 'info' | 'warning' | 'error' | 'silent';
}): Promise<{ entries: string[]; bytes: number; ms: number }>;
