/**
 * Runs a command-line tool: what went wrong (a locked or damaged data folder, issue 16; a
 * refused move; a missing file) is one sentence and exit code 1. DEBUG=1 prints the stack too.
 */
export async function runCli(fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    console.error(err instanceof Error && !process.env.DEBUG ? err.message : err);
    process.exitCode = 1;
  }
}
