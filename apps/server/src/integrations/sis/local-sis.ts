import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DEMO_SIS_BUNDLE_DIR } from '../../platform/server-paths';
import { type RosterUser, type SisClient, SisError } from './sis-client';

/** The demo roster shipped with the product (fictitious people only); found from the server folder. */
export { DEMO_SIS_BUNDLE_DIR };

/** A OneRoster 1.1 CSV bundle, parsed: orgs, users (with their school from enrollments) and demographics. */
export interface SisBundle {
  orgs: { sourcedId: string; name: string; type: string; parentSourcedId: string }[];
  users: RosterUser[];
}

const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;

function readCsv(dir: string, name: string, required: boolean): Record<string, string>[] {
  let text: string;
  try {
    text = readFileSync(join(dir, name), 'utf8');
  } catch {
    if (required) throw new SisError('failed', `${name} missing`);
    return [];
  }
  if (text.length > MAX_BUNDLE_BYTES) throw new SisError('failed', `${name} too large`);
  return parse(text, { columns: true, skip_empty_lines: true, bom: true, trim: true }) as Record<string, string>[];
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Reads a bundle folder (users.csv and orgs.csv required; enrollments.csv and demographics.csv optional). */
export function readSisBundle(dir: string): SisBundle {
  const orgs = readCsv(dir, 'orgs.csv', true).map((o) => ({
    sourcedId: o.sourcedId ?? '',
    name: o.name ?? '',
    type: (o.type ?? '').toLowerCase(),
    parentSourcedId: o.parentSourcedId ?? '',
  }));
  const schoolOf = new Map<string, string>();
  for (const e of readCsv(dir, 'enrollments.csv', false)) {
    if (e.status !== 'tobedeleted' && e.userSourcedId && e.schoolSourcedId && (e.primary ?? 'true') !== 'false')
      schoolOf.set(e.userSourcedId, e.schoolSourcedId);
  }
  const birth = new Map<string, string>();
  for (const d of readCsv(dir, 'demographics.csv', false))
    if (/^\d{4}-\d{2}-\d{2}$/.test(d.birthDate ?? '')) birth.set(d.sourcedId, d.birthDate);
  const users = readCsv(dir, 'users.csv', true)
    .filter((u) => u.sourcedId)
    .map((u): RosterUser => {
      const orgIds = list(u.orgSourcedIds);
      const school = schoolOf.get(u.sourcedId);
      return {
        sourcedId: u.sourcedId,
        status: u.status === 'tobedeleted' ? 'tobedeleted' : 'active',
        dateLastModified: u.dateLastModified ?? '',
        role: (u.role ?? '').toLowerCase(),
        givenName: u.givenName ?? '',
        familyName: u.familyName ?? '',
        identifier: u.identifier ?? '',
        email: u.email ?? '',
        phone: u.phone ?? u.sms ?? '',
        agentSourcedIds: list(u.agentSourcedIds),
        // the enrolled school first: the sync takes the first org that is a school
        orgSourcedIds: school ? [school, ...orgIds.filter((o) => o !== school)] : orgIds,
        ...(birth.has(u.sourcedId) ? { birthDate: birth.get(u.sourcedId) } : {}),
        ...(list(u.grades).length ? { grades: list(u.grades) } : {}),
      };
    });
  return { orgs, users };
}

const bundles = new Map<string, SisBundle>();

/**
 * The built-in provider (integrations guide: a local provider so the product works in demos and
 * offline): a OneRoster CSV bundle, of which a district sees its own part (the district org named
 * like the client, its schools, their students and those students' agents). Writes are not
 * accepted: a bundle is a snapshot, not a system of record.
 */
export function createLocalSisClient(opts: { bundleDir?: string; districtName?: string } = {}): SisClient {
  const dir = opts.bundleDir ?? DEMO_SIS_BUNDLE_DIR;
  function view() {
    let bundle = bundles.get(dir);
    if (!bundle) {
      bundle = readSisBundle(dir);
      bundles.set(dir, bundle);
    }
    const name = (opts.districtName ?? '').trim().toLowerCase();
    const district = bundle.orgs.find((o) => o.type === 'district' && o.name.trim().toLowerCase() === name);
    const orgIds = new Set(
      district
        ? [
            district.sourcedId,
            ...bundle.orgs.filter((o) => o.parentSourcedId === district.sourcedId).map((o) => o.sourcedId),
          ]
        : [],
    );
    const schools = bundle.orgs.filter((o) => o.type === 'school' && orgIds.has(o.sourcedId));
    const students = bundle.users.filter((u) => u.role === 'student' && u.orgSourcedIds.some((o) => orgIds.has(o)));
    const agentIds = new Set(students.flatMap((s) => s.agentSourcedIds));
    const users = bundle.users.filter(
      (u) =>
        (u.role === 'student' && students.includes(u)) ||
        (u.role !== 'student' && (agentIds.has(u.sourcedId) || u.orgSourcedIds.some((o) => orgIds.has(o)))),
    );
    return { schools, students, users };
  }
  const byChange = (a: RosterUser, b: RosterUser) =>
    a.dateLastModified.localeCompare(b.dateLastModified) || a.sourcedId.localeCompare(b.sourcedId);

  return {
    name: 'local',
    testConnection: async () => true,
    async rosterPage(resource, p) {
      const v = view();
      const since = p.since?.toISOString() ?? '';
      return (resource === 'students' ? v.students : v.users)
        .filter((u) => !since || u.dateLastModified > since)
        .sort(byChange)
        .slice(p.offset, p.offset + p.limit);
    },
    async schools() {
      return view().schools.map((s) => ({ sourcedId: s.sourcedId, name: s.name }));
    },
    async studentWithAgents(sourcedId) {
      const v = view();
      const student = v.students.find((s) => s.sourcedId === sourcedId);
      if (!student) return null;
      const agents = student.agentSourcedIds
        .map((id) => v.users.find((u) => u.sourcedId === id))
        .filter((u): u is RosterUser => u !== undefined);
      return { student, agents };
    },
    async writeEvent() {
      return 'unsupported';
    },
  };
}
