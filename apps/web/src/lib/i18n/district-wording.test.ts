import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '.';

/**
 * issue 10 §8 "one word, everywhere a user reads it": the spec's client is a school district, and
 * the screens call it "District". No string a user reads says "client" for it.
 *
 * Exceptions, each a different meaning of the word:
 * - the role name 'Client Admin': the spec names the role so (002 §6 "Only the role named
 *   'Client Admin'"), and the user import accepts that name;
 * - the student information system's and the sign-in provider's OAuth "Client ID" / "client
 *   secret": the credentials the vendor issues under that name.
 */
const ALLOWED = new Set([
  'users.roles.2',
  'clients.settings.sisClientId',
  'clients.settings.sisClientSecret',
  'clients.settings.clearSisClientSecret',
  // the sign-in provider's OAuth "Client ID" / "client secret" (issue 30): the provider's names for them
  'sso.clientId',
  'sso.clientSecret',
  'sso.testFailed',
]);
const CLIENT = /\bclients?(['’]s)?\b/i;

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRACTS = path.resolve(SRC, '../../../packages/contracts/src');

const catalogueFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return catalogueFiles(p);
    return e.name === 'i18n.en.ts' ? [p] : [];
  });

const leaves = (node: unknown, prefix: string): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
      : [];

describe('one word for the district', () => {
  let strings: [string, string][] = [];
  beforeAll(async () => {
    const files = catalogueFiles(path.join(SRC, 'features'));
    for (const f of files) await import(f);
    strings = leaves(i18n.getResourceBundle('en', 'translation'), '');
  });

  it('loads the shell and every feature catalogue', () => {
    const keys = new Set(strings.map(([k]) => k.split('.')[0]));
    for (const k of ['nav', 'titles', 'clients', 'buildings', 'contacts', 'users', 'exclusions', 'settings']) {
      expect(keys).toContain(k);
    }
  });

  it('no catalogue string says "client" for the district', () => {
    const offending = strings.filter(([k, v]) => CLIENT.test(v) && !ALLOWED.has(k)).map(([k, v]) => `${k}: ${v}`);
    expect(offending).toEqual([]);
  });

  it('the screens say "District"', () => {
    const t = i18n.getFixedT('en');
    expect(t('nav.clients')).toBe('Districts');
    expect(t('titles.clients')).toBe('Districts');
    expect(t('lists.district')).toBe('District');
    expect(t('lists.allDistricts')).toBe('All districts');
  });

  it('the exceptions still exist (drop them from the allow-list when they go)', () => {
    const keys = new Set(strings.map(([k]) => k));
    for (const k of ALLOWED) expect(keys).toContain(k);
  });

  it('no validation or message text of the contracts says "client"', () => {
    const offending: string[] = [];
    for (const f of fs.readdirSync(CONTRACTS).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const text = fs.readFileSync(path.join(CONTRACTS, f), 'utf8');
      // user-facing sentences: quoted text starting with a capital letter and holding a space
      for (const [, s] of text.matchAll(/'([A-Z][^'\n]* [^'\n]*)'/g)) {
        if (CLIENT.test(s!) && !/^Client Admin$/.test(s!)) offending.push(`${f}: ${s}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
