import { z } from 'zod';
import type { NsopwOffender, OffenderRegistry, RegistrySearchQuery, RegistrySearchResult } from './offender-registry';

/**
 * NSOPW-style HTTP registry client (integrations guide "Sex-offender registry"): POST JSON
 * `{ firstName, lastName }` to the search endpoint; the answer carries `offenders[]` and one
 * `jurisdictionStatus[]` entry per jurisdiction (200 ok, 201 soundex search, 500 error,
 * 504 timeout, 507 offline, 511 too many matches). Date of birth cannot be searched: the caller
 * narrows by it when scoring.
 *
 * Never fails open: a transport error, a timeout, a non-2xx answer, an unreadable body or a
 * missing offender list is status 'failed'; any jurisdiction not answering 200/201 (or a missing
 * status list) is 'partial' with the offenders found so far.
 */

export interface NsopwClientOptions {
  /** the search endpoint, e.g. https://registry.example/api/search */
  baseUrl: string;
  token?: string;
  timeoutMs: number;
}

const OK_STATUSES = new Set([200, 201]);

const str = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
const ZName = z.looseObject({
  firstName: str,
  middleName: str,
  lastName: str,
  suffix: str,
});
const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    const n = v === null || v === undefined || v === '' ? Number.NaN : Number(v);
    return Number.isFinite(n) ? n : null;
  });
const ZLocation = z.looseObject({
  type: str,
  streetAddress: str,
  city: str,
  county: str,
  state: str,
  zipCode: str,
  latitude: num,
  longitude: num,
});
const ZOffender = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  jurisdictionId: z.union([z.string(), z.number()]).nullish(),
  name: ZName,
  aliases: z.array(ZName).nullish(),
  gender: str,
  dob: str,
  locations: z.array(ZLocation).nullish(),
  offenderUri: str,
  imageUri: str,
  absconder: z.union([z.boolean(), z.string()]).nullish(),
});
const ZJurisdictionStatus = z.looseObject({
  jurisdictionId: z.union([z.string(), z.number()]).nullish(),
  jurisdiction: z.union([z.string(), z.number()]).nullish(),
  status: z.coerce.number(),
});
const ZAnswer = z.looseObject({
  offenders: z.array(z.unknown()),
  jurisdictionStatus: z.array(z.unknown()).nullish(),
});

const failed = (error: string, offenders: NsopwOffender[] = []): RegistrySearchResult => ({
  status: 'failed',
  offenders,
  jurisdictionsFailed: [],
  error,
});

function toOffender(raw: z.infer<typeof ZOffender>): NsopwOffender {
  const absconder =
    raw.absconder === true || (typeof raw.absconder === 'string' && /^(true|y|yes|1)$/i.test(raw.absconder));
  return {
    id: raw.id,
    jurisdictionId: raw.jurisdictionId === null || raw.jurisdictionId === undefined ? '' : String(raw.jurisdictionId),
    name: raw.name,
    aliases: raw.aliases ?? [],
    gender: raw.gender,
    dob: raw.dob,
    locations: raw.locations ?? [],
    offenderUri: raw.offenderUri,
    imageUri: raw.imageUri,
    absconder,
  };
}

/** One record of an NSOPW-shaped answer or bulk JSON file, or null when it is unreadable. */
export function readNsopwOffender(item: unknown): NsopwOffender | null {
  const parsed = ZOffender.safeParse(item);
  return parsed.success ? toOffender(parsed.data) : null;
}

export function createNsopwClient(opts: NsopwClientOptions): OffenderRegistry {
  return {
    kind: 'nsopw',
    async search(query: RegistrySearchQuery): Promise<RegistrySearchResult> {
      let body: unknown;
      try {
        const res = await fetch(opts.baseUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify({ firstName: query.firstName, lastName: query.lastName }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          return failed(`http ${res.status}`);
        }
        body = await res.json();
      } catch (err) {
        const name = (err as Error)?.name;
        return failed(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable');
      }

      const answer = ZAnswer.safeParse(body);
      if (!answer.success) return failed('no offender list');

      // One unreadable record must not hide the others, nor pass for "no match".
      const offenders: NsopwOffender[] = [];
      const seen = new Set<string>();
      let unreadable = 0;
      for (const item of answer.data.offenders) {
        const offender = readNsopwOffender(item);
        if (!offender) {
          unreadable++;
          continue;
        }
        const key = `${offender.jurisdictionId}:${offender.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        offenders.push(offender);
      }

      const jurisdictionsFailed: string[] = [];
      const statuses = answer.data.jurisdictionStatus ?? [];
      for (const item of statuses) {
        const parsed = ZJurisdictionStatus.safeParse(item);
        if (!parsed.success) {
          jurisdictionsFailed.push('unknown');
          continue;
        }
        if (!OK_STATUSES.has(parsed.data.status)) {
          const id = parsed.data.jurisdictionId ?? parsed.data.jurisdiction ?? 'unknown';
          jurisdictionsFailed.push(`${id} (${parsed.data.status})`);
        }
      }
      if (statuses.length === 0) {
        return { status: 'partial', offenders, jurisdictionsFailed: [], error: 'no jurisdiction status' };
      }
      if (unreadable > 0) {
        return { status: 'partial', offenders, jurisdictionsFailed, error: `${unreadable} unreadable records` };
      }
      return { status: jurisdictionsFailed.length > 0 ? 'partial' : 'ok', offenders, jurisdictionsFailed };
    },
  };
}
