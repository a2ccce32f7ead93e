import { createHash, randomBytes } from 'node:crypto';
import type {
  TActor,
  TReunificationChild,
  TReunificationCounts,
  TReunificationEvent,
  TReunificationRequest,
  TVisitorLanguage,
} from '@sv/contracts';
import { canonicalName } from '@sv/domain';
import { createSecretBox } from '../../platform/crypto/secret-box';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/http/app-error';
import type { StudentsService } from '../students';
import type { ReunificationRepository } from './reunification.repository';

export const ZERO_COUNTS: TReunificationCounts = { reunified: 0, waiting: 0, requestsOpen: 0, noEligibleAdult: 0 };

/** The public link's token (≥ 128 bits), its lookup hash and the context it is sealed under. */
export const newToken = () => randomBytes(24).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenContext = (clientId: number) => `client:${clientId}:reunification-link`;
/** The public page's path (apps/web router: /reunify/:token). */
export const publicPathOf = (token: string) => `/reunify/${token}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the reunification use cases share (issue 27 §3, ADR 0050). */
export function createReunificationCore(
  deps: AppDeps,
  { repo, students }: { repo: ReunificationRepository; students: StudentsService },
) {
  const box = createSecretBox(deps.config.APP_SECRET);
  const seal = (token: string, clientId: number) => box.seal(token, tokenContext(clientId));
  const openToken = (sealed: string, clientId: number) => box.open(sealed, tokenContext(clientId)) ?? '';

  type EventRow = NonNullable<Awaited<ReturnType<ReunificationRepository['event']>>>;

  function eventOut(e: EventRow, counts: TReunificationCounts): TReunificationEvent {
    return {
      id: e.id,
      clientId: e.clientId,
      buildingId: e.buildingId,
      buildingName: e.buildingName,
      stateId: e.stateId,
      stateKind: e.stateKind ?? null,
      drill: e.drill ?? null,
      startedAt: e.startedAt.toISOString(),
      startedBy: e.startedBy,
      endedAt: iso(e.endedAt),
      linkSentAt: iso(e.linkSentAt),
      publicPath: publicPathOf(openToken(e.tokenSealed, e.clientId)),
      timeZone: e.timeZone,
      counts,
    };
  }

  async function loadEvent(actor: TActor, id: number) {
    const e = await repo.event(actor, id);
    if (!e) throw notFound('Reunification not found');
    return e;
  }

  /** The board's requests with their children and the people on file a station may identify the adult as. */
  async function requestsOut(actor: TActor, eventId: number, requestIds?: number[]): Promise<TReunificationRequest[]> {
    const [reqs, kids] = await Promise.all([
      repo.requests(actor, eventId, requestIds),
      repo.children(actor, eventId, requestIds),
    ]);
    const studentIds = [...new Set(kids.map((k) => k.studentId).filter((i): i is number => i !== null))];
    const people = await repo.peopleOf(studentIds);
    return reqs.map((r) => {
      const mine = kids.filter((k) => k.requestId === r.id);
      const ids = new Set(mine.map((k) => k.studentId));
      const first = canonicalName(r.adultFirst);
      const last = canonicalName(r.adultLast);
      const seen = new Map<number, { id: number; name: string; matchesName: boolean }>();
      for (const p of people)
        if (ids.has(p.student_id) && !seen.has(p.id))
          seen.set(p.id, {
            id: p.id,
            name: `${p.firstname} ${p.lastname}`.trim(),
            matchesName: canonicalName(p.firstname) === first && canonicalName(p.lastname) === last,
          });
      const candidates = [...seen.values()].sort((a, b) => Number(b.matchesName) - Number(a.matchesName));
      const children: TReunificationChild[] = mine.map((k) => ({
        id: k.id,
        studentId: k.studentId,
        name: k.firstname !== null ? `${k.firstname} ${k.lastname ?? ''}`.trim() : k.typedName,
        identifier: k.identifier ?? '',
        status: k.status as TReunificationChild['status'],
        refusal: k.refusal,
        location: k.location,
        station: k.station,
        sentAt: iso(k.sentAt),
        arrivedAt: iso(k.arrivedAt),
        releasedAt: iso(k.releasedAt),
      }));
      return {
        id: r.id,
        source: r.source as 'public' | 'station',
        language: r.language as TVisitorLanguage,
        adultName: `${r.adultFirst} ${r.adultLast}`.trim(),
        guardianId: r.guardianId,
        status: r.status as 'open' | 'verified' | 'closed',
        station: r.station,
        verification: r.verification,
        createdAt: r.createdAt.toISOString(),
        verifiedAt: iso(r.verifiedAt),
        children,
        candidates,
      };
    });
  }

  /** Every open board of the building refetches (the building's event stream; ids only). */
  const publish = (e: { id: number; clientId: number; buildingId: number }) =>
    deps.realtime.publish({ type: 'reunification.changed', clientId: e.clientId, buildingId: e.buildingId, id: e.id });

  return { deps, repo, students, seal, openToken, eventOut, loadEvent, requestsOut, publish };
}
export type ReunificationCore = ReturnType<typeof createReunificationCore>;
