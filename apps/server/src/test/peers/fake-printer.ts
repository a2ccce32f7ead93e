import net from 'node:net';

/**
 * A fake Zebra printer for tests (integrations guide): a raw TCP 9100-style listener that
 * records every job it receives, so a test can assert what would have been printed.
 */
export async function startFakePrinter() {
  const jobs: string[] = [];
  const waiters: Array<() => void> = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks).toString('utf8'));
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    address: `127.0.0.1:${port}`,
    jobs,
    /** resolves when at least `count` jobs arrived */
    waitForJobs(count: number, timeoutMs = 3000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => (jobs.length >= count ? resolve() : undefined);
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} print jobs, got ${jobs.length}`)),
          timeoutMs,
        );
        waiters.push(() => {
          if (jobs.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        });
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
