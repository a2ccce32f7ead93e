import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createPlatformAdmin } from '../features/users/platform-admin';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/database';
import { runCli } from './cli';

/**
 * `npm run admin:create -- --email a@b.org --name "Ada Admin"` creates a platform administrator
 * (role 1) on the configured database (DATABASE_URL, or the embedded one). The password is asked
 * for without echo on a terminal, or read from ADMIN_PASSWORD (never a flag: flags end up in shell
 * history and the process list).
 */
async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: stdin, output: stdout, terminal: true });
  if (hidden) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
      write.call(rl, s.startsWith(question) ? s : '');
  }
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
    if (hidden) stdout.write('\n');
  }
}

await runCli(async () => {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
  const interactive = stdin.isTTY === true;
  const email = values.email ?? (interactive ? await ask('E-mail: ') : '');
  const name = values.name ?? (interactive ? await ask('Name: ') : '');
  let password = process.env.ADMIN_PASSWORD ?? '';
  if (!password && interactive) {
    password = await ask('Password: ', true);
    if ((await ask('Password again: ', true)) !== password) throw new Error('The two passwords differ.');
  }
  if (!email || !name || !password)
    throw new Error('Give --email and --name, and the password on a terminal or in ADMIN_PASSWORD.');
  const config = loadConfig();
  const database = await openDatabase(config, { command: 'admin:create' });
  try {
    await database.migrate();
    const admin = await createPlatformAdmin(database.db, { email, name, password });
    console.log(`Platform administrator ${admin.email} created. Sign in at ${config.PUBLIC_URL}.`);
  } finally {
    await database.close();
  }
});
