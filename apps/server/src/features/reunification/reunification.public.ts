import {
  REUNIFICATION_MESSAGES,
  type TPublicReunificationInfo,
  type TPublicReunificationRequest,
  type TPublicReunificationResult,
} from '@sv/contracts';
import { canonicalName } from '@sv/domain';
import { AppError, notFound } from '../../platform/http/app-error';
import {
  createMemoryLimit,
  hitPublicLimit,
  PUBLIC_LIMITS,
  RATE_LIMITED_MESSAGE,
} from '../../platform/http/public-rate-limit';
import { type ReunificationCore, tokenHash } from './reunification.core';

/**
 * The public pre-request page (issue 27 §3): reached without signing in from the link the district
 * sent; the adult names themself and the children. The token is unguessable (192 bits) and looked
 * up by its hash; the platform's per-address limits apply (loads in memory, requests counted in the
 * database under their own key, ADR 0015); a filled honeypot gets the normal answer and saves nothing. The page
 * learns nothing but the building's and district's names: a typed child who is not a student of
 * the building is kept as typed for the station, and the answer is the same either way.
 */
export function publicUseCases(core: ReunificationCore) {
  const { deps, repo, publish } = core;
  const loads = createMemoryLimit(PUBLIC_LIMITS.load, deps.now);
  const rateLimited = () => new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);

  async function openByToken(token: string) {
    const e = await repo.eventByToken(tokenHash(token));
    if (!e) throw notFound(REUNIFICATION_MESSAGES.linkClosed);
    if (e.endedAt) throw notFound(REUNIFICATION_MESSAGES.linkClosed);
    return e;
  }

  return {
    async publicInfo(token: string, ip: string): Promise<TPublicReunificationInfo> {
      if (!loads(ip)) throw rateLimited();
      const e = await openByToken(token);
      return { buildingName: e.buildingName, districtName: e.districtName };
    },

    async publicRequest(
      token: string,
      body: TPublicReunificationRequest,
      ip: string,
    ): Promise<TPublicReunificationResult> {
      if (!(await hitPublicLimit(deps.db, 'reunify', ip, deps.now()))) throw rateLimited();
      const e = await openByToken(token);
      const answer = { ok: true as const, message: REUNIFICATION_MESSAGES.requestSaved };
      if ((body.website ?? '').trim() !== '') return answer;
      // the children typed are matched to the building's students on canonical names (ADR 0022)
      const roster = await repo.buildingStudents(e.buildingId);
      const byName = new Map<string, number[]>();
      for (const s of roster) {
        const k = `${canonicalName(s.firstname)}|${canonicalName(s.lastname)}`;
        byName.set(k, [...(byName.get(k) ?? []), s.id]);
      }
      const children = body.children.map((c) => {
        const hits = byName.get(`${canonicalName(c.firstName)}|${canonicalName(c.lastName)}`) ?? [];
        // two students of one name: the station chooses (kept as typed)
        return { studentId: hits.length === 1 ? hits[0] : null, typedName: `${c.firstName} ${c.lastName}`.trim() };
      });
      await repo.insertRequest(
        {
          eventId: e.id,
          clientId: e.clientId,
          buildingId: e.buildingId,
          source: 'public',
          language: body.language,
          adultFirst: body.adultFirst,
          adultLast: body.adultLast,
          adultPhone: body.phone ?? '',
          createdAt: deps.now(),
        },
        children,
      );
      await publish(e);
      return answer;
    },
  };
}
