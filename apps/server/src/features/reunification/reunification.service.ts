import { formatUsDate, localDateOf, localTimeOf } from '@sv/domain';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import type { RequestCtx } from '../../platform/http/request-context';
import type { StudentsService } from '../students';
import { createReunificationCore, ZERO_COUNTS } from './reunification.core';
import { publicUseCases } from './reunification.public';
import { reunificationReportPdf, stepsOf } from './reunification.report';
import type { ReunificationRepository } from './reunification.repository';
import { stationUseCases } from './reunification.station';

/**
 * Reunification (issue 27 §3, ADR 0050): stations (reunification.station.ts), the public
 * pre-request page (reunification.public.ts) and the after-action report, on one core. Every
 * release goes through students' `recordPickup(…, 'reunification')`: the one release rule.
 */
export function createReunificationService(
  deps: AppDeps,
  parts: { repo: ReunificationRepository; students: StudentsService },
) {
  const core = createReunificationCore(deps, parts);
  const { repo, loadEvent } = core;
  return {
    ...stationUseCases(core),
    ...publicUseCases(core),

    /** The after-action report (issue 27 §3): time line, each release with its verification, the slowest steps. */
    async reportPdf(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'reunification.report');
      const e = await loadEvent(ctx.actor, id);
      const [rows, counts] = await Promise.all([repo.reportRows(ctx.actor, e.id), repo.counts([e.id])]);
      const c = counts.get(e.id) ?? ZERO_COUNTS;
      const zone = e.timeZone;
      const at = (d: Date) => `${formatUsDate(localDateOf(d, zone)) ?? ''} ${localTimeOf(d, zone)}`;
      const timeline: { when: Date; text: string }[] = [
        { when: e.startedAt, text: `Reunification started by ${e.startedBy}` },
      ];
      if (e.linkSentAt) timeline.push({ when: e.linkSentAt, text: 'Pre-request link sent to families' });
      const seenRequests = new Set<number>();
      for (const r of rows) {
        if (!seenRequests.has(r.requestId)) {
          seenRequests.add(r.requestId);
          timeline.push({
            when: r.requestedAt,
            text: `${r.adultName} asked (${r.source === 'public' ? 'pre-request' : 'at a station'})`,
          });
          if (r.verifiedAt) timeline.push({ when: r.verifiedAt, text: `${r.adultName}: ID checked` });
        }
        if (r.sentAt) timeline.push({ when: r.sentAt, text: `Runner sent for ${r.studentName}` });
        if (r.arrivedAt)
          timeline.push({ when: r.arrivedAt, text: `${r.studentName} at ${r.station || 'the station'}` });
        if (r.releasedAt) timeline.push({ when: r.releasedAt, text: `${r.studentName} released to ${r.adultName}` });
        if (r.status === 'refused')
          timeline.push({
            when: r.verifiedAt ?? r.requestedAt,
            text: `${r.studentName}: not released to ${r.adultName} (${r.refusal ?? ''})`,
          });
      }
      if (e.endedAt) timeline.push({ when: e.endedAt, text: 'Reunification ended' });
      timeline.sort((a, b) => a.when.getTime() - b.when.getTime());
      const steps = rows.flatMap((r) => {
        const s = stepsOf(r);
        return [
          { what: `ID check for ${r.adultName}`, min: s.verify },
          { what: `Runner for ${r.studentName}`, min: s.runner },
          { what: `Release of ${r.studentName} at ${r.station}`, min: s.release },
        ].filter((x): x is { what: string; min: number } => x.min !== null);
      });
      steps.sort((a, b) => b.min - a.min);
      const totals = rows
        .map((r) => stepsOf(r).total)
        .filter((m): m is number => m !== null)
        .sort((a, b) => a - b);
      const median = totals.length ? totals[Math.floor(totals.length / 2)] : null;
      const pdf = await reunificationReportPdf({
        title: `Reunification after-action report: ${e.buildingName}`,
        subtitle: `${e.stateKind ? `${e.drill ? 'Drill' : 'Real'} ${e.stateKind}; ` : ''}started ${at(e.startedAt)}${e.endedAt ? `, ended ${at(e.endedAt)}` : ', still open'} (${zone})`,
        counts: [
          `Reunified: ${c.reunified}`,
          `Waiting (runner sent or at a station): ${c.waiting}`,
          `Requests open: ${c.requestsOpen}`,
          `Children with no eligible adult present: ${c.noEligibleAdult}`,
          `Refused by the release rule: ${rows.filter((r) => r.status === 'refused').length}`,
          `Minutes from request to release: median ${median ?? '-'}, longest ${totals.at(-1) ?? '-'}`,
        ],
        timeline: timeline.map((t) => ({ at: at(t.when), text: t.text })),
        releases: rows
          .filter((r) => r.status === 'released' && r.releasedAt)
          .map(
            (r) =>
              `${at(r.releasedAt as Date)}  ${r.studentName} to ${r.adultName}; ${r.verification ?? ''}; ${r.station}; by ${r.releasedBy ?? ''}`,
          ),
        slowest: steps.slice(0, 10).map((s) => `${s.min} min  ${s.what}`),
      });
      await deps.audit.record(ctx, {
        action: 'export.reunification-report',
        targetType: 'reunification',
        targetId: e.id,
        clientId: e.clientId,
        buildingId: e.buildingId,
      });
      return { pdf, fileName: `reunification-${e.id}.pdf` };
    },
  };
}
export type ReunificationService = ReturnType<typeof createReunificationService>;
