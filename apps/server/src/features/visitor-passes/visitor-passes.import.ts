import { VISITOR_LANGUAGE_CODES, VISITOR_TYPES, ZMobile } from '@sv/contracts';
import { z } from 'zod';
import { cell, registerImport, requireBuildingOption } from '../../platform/imports/import-definition';
import type { RequestCtx } from '../../platform/http/request-context';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { VisitorPassesService } from './visitor-passes.service';

/**
 * Group invitations from a file (issue 28 §2: "one, or a group from a file, through the one import
 * pipeline"), per building: each row is an invitation as the form makes it — the card screened
 * in the import's transaction, the pass (QR code, calendar file) queued in it and sent after the
 * commit. A "Host" cell names a host by e-mail or name (who is then told on arrival); any other
 * text stays "Person visiting". Natural key: date + name + e-mail/mobile, so re-uploading the file
 * sends nobody a second pass. Undo deletes the batch's invitations nobody has used yet: their
 * passes then read "not valid".
 */
const ARRIVAL_TYPES = VISITOR_TYPES.filter((t) => t !== 'responder');

/** "9:00", "09:00", "9:00 AM", "9 am", "13:30", "13:30:00" (an XLSX time cell) → "HH:MM" | null. */
export function parseTimeCell(text: string): string | null {
  const m = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap])?\.?\s*m?\.?$/i.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2] ?? '0');
  const half = m[3]?.toLowerCase();
  if (min > 59) return null;
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half === 'p' ? 12 : 0);
  } else if (h > 23 || m[2] === undefined) return null;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}
const timeCell = () =>
  z.string().transform((s, ctx) => {
    const t = parseTimeCell(s);
    if (!t) {
      ctx.addIssue({ code: 'custom', message: 'must be a time such as 9:00 AM' });
      return z.NEVER;
    }
    return t;
  });

/**
 * A "Language" cell (issue 29 §1): a code or the language's name in English or in itself; empty is
 * English. The pass's e-mail and SMS are written in it.
 */
const LANGUAGE_WORDS: Record<string, (typeof VISITOR_LANGUAGE_CODES)[number]> = {
  english: 'en',
  spanish: 'es',
  español: 'es',
  espanol: 'es',
  arabic: 'ar',
  العربية: 'ar',
  chinese: 'zh',
  'simplified chinese': 'zh',
  中文: 'zh',
  简体中文: 'zh',
  'zh-hans': 'zh',
  'zh-cn': 'zh',
  vietnamese: 'vi',
  'tiếng việt': 'vi',
  'tieng viet': 'vi',
  portuguese: 'pt',
  português: 'pt',
  portugues: 'pt',
  'pt-br': 'pt',
};
export function parseLanguageCell(text: string): (typeof VISITOR_LANGUAGE_CODES)[number] | null {
  const t = text.trim().toLowerCase();
  if (t === '') return 'en';
  if ((VISITOR_LANGUAGE_CODES as readonly string[]).includes(t)) return t as (typeof VISITOR_LANGUAGE_CODES)[number];
  return LANGUAGE_WORDS[t] ?? null;
}
const languageCell = () =>
  z.string().transform((s, ctx) => {
    const lng = parseLanguageCell(s);
    if (!lng) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${VISITOR_LANGUAGE_CODES.join(', ')}` });
      return z.NEVER;
    }
    return lng;
  });

const row = z
  .object({
    firstname: cell.personName(80),
    lastname: cell.personName(80),
    dob: cell.optionalDate(),
    email: cell.optionalEmail(),
    // the one mobile rule (10 digits, a leading 1 dropped), as the hosts import reads it
    mobile: z.string().pipe(ZMobile),
    visitDate: cell.optionalDate().refine((v) => v !== null, 'is required'),
    startTime: timeCell(),
    endTime: timeCell(),
    host: cell.optionalText(200),
    reason: cell.optionalText(200),
    visitorType: z
      .string()
      .transform((s) => (s === '' ? 'visitor' : s.toLowerCase()))
      .pipe(z.enum(ARRIVAL_TYPES as [string, ...string[]], { message: `must be one of ${ARRIVAL_TYPES.join(', ')}` })),
    instructions: cell.optionalText(1000),
    language: languageCell(),
  })
  .superRefine((r, ctx) => {
    if (!r.email && r.mobile === '')
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'or a mobile number is needed for the pass' });
    if (r.endTime <= r.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must be after the start of the visit' });
  });
type Row = z.infer<typeof row>;

const keyOf = (r: Row) =>
  ['pass', r.visitDate, r.firstname.toLowerCase(), r.lastname.toLowerCase(), r.email ?? r.mobile].join('|');

/** Registered by the composition root once the service exists (the rows go through its invite). */
export function registerVisitorPassesImport(deps: AppDeps, service: VisitorPassesService) {
  const buildingOf = async (ctx: RequestCtx, options: Record<string, string>, tx: Db) => {
    const { buildingId } = (await requireBuildingOption(ctx, options, tx, { required: true }))!;
    return service.importBuilding(ctx, buildingId, tx);
  };
  registerImport({
    kind: 'visitor-passes',
    permission: 'passes.manage',
    columns: [
      { key: 'firstname', header: 'First Name', required: true, example: 'Jamie' },
      { key: 'lastname', header: 'Last Name', required: true, example: 'Rivera' },
      {
        key: 'dob',
        header: 'Date of Birth',
        example: '04/12/1985',
        help: 'MM/DD/YYYY; lets the visitor be screened before arrival',
      },
      {
        key: 'email',
        header: 'Email',
        example: 'jamie.rivera@example.org',
        help: 'the pass goes here (or to the mobile)',
      },
      { key: 'mobile', header: 'Mobile', example: '5555550123', help: '10 digits' },
      {
        key: 'visitDate',
        header: 'Visit Date',
        required: true,
        // a week ahead of the day the sample is downloaded: the sample imports as it is
        get example() {
          const d = new Date(deps.now().getTime() + 7 * 86_400_000);
          return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
        },
        help: 'MM/DD/YYYY',
      },
      { key: 'startTime', header: 'From', required: true, example: '9:00 AM' },
      { key: 'endTime', header: 'Until', required: true, example: '11:30 AM' },
      {
        key: 'host',
        header: 'Host',
        example: 'dana.chen@example.org',
        help: "a host's e-mail or name; any other text is the person visiting",
      },
      { key: 'reason', header: 'Reason', example: 'Field trip chaperone' },
      { key: 'visitorType', header: 'Visitor Type', example: 'visitor', help: ARRIVAL_TYPES.join(', ') },
      { key: 'instructions', header: 'Instructions', example: 'Use the main entrance on Elm Street' },
      {
        key: 'language',
        header: 'Language',
        example: 'es',
        help: `the pass's language: ${VISITOR_LANGUAGE_CODES.join(', ')} (empty: en)`,
      },
    ],
    rowSchema: row,
    naturalKey: keyOf,
    async existingKeys(ctx, keys, tx, options) {
      const building = await buildingOf(ctx, options, tx);
      return service.importExistingKeys(building.id, keys, tx);
    },
    async checkRow(ctx, r: Row, tx, options) {
      const building = await buildingOf(ctx, options, tx);
      return service.importWindow(building, r.visitDate!, r.startTime, r.endTime).over
        ? 'Until: this visit would already be over'
        : null;
    },
    async insertRows(ctx, rows: Row[], tx, options) {
      const building = await buildingOf(ctx, options, tx);
      return service.importRows(
        ctx,
        tx,
        building,
        rows.map((r) => ({
          firstname: r.firstname,
          lastname: r.lastname,
          dob: r.dob,
          email: r.email ?? '',
          mobile: r.mobile,
          visitDate: r.visitDate!,
          startTime: r.startTime,
          endTime: r.endTime,
          visiting: '',
          hostText: r.host ?? '',
          reason: r.reason ?? '',
          visitorType: r.visitorType as Row['visitorType'] & 'visitor',
          instructions: r.instructions ?? '',
          language: r.language,
          importKey: keyOf(r),
        })),
      );
    },
    async undo(ctx, _clientId, ids, tx) {
      return service.importUndo(ctx, ids, tx);
    },
    async afterCommit(d, ctx, options, imported) {
      if (imported === 0) return;
      const { buildingId } = (await requireBuildingOption(ctx, options, d.db, { required: true }))!;
      d.realtime.reads.invalidate(buildingId);
      // the passes were queued in the import's transaction: send them now (the retry job would soon)
      void deps.messenger.retryQueued().catch(() => {});
    },
  });
}
