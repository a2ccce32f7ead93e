import {
  BACKGROUND_URL_REQUIRED,
  MESSAGES,
  ZBackgroundSettings,
  ZClientSettings,
  ZClientSettingsRequest,
  checkBadgeDate,
  ZKioskSettings,
  type TBackgroundSettingsRequest,
  type TClientSettingsRequest,
  type TClientUpsert,
  type TKioskSettingsRequest,
  type TSisTestRequest,
} from '@sv/contracts';
import { createSisClient, type SisConnection } from '../../integrations/sis/index';
import { requirePermission } from '../../platform/auth/permission';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { type ClientFields, createClientsRepository, fullAddress, type ClientListFilter } from './clients.repository';
import { backgroundSecretContext, createDistrictBackgroundChecks } from './district-background-check';
import { changedKeys, readStored } from './stored-settings';

/** Where the sealed SIS client secret sits inside the settings jsonb (stripped from every read). */
const SIS_SECRET_KEY = 'sisClientSecretSealed';
const sisSecretContext = (clientId: number) => `client:${clientId}:sisClientSecret`;

export const REENTER_SIS_SECRET = 'Enter the client secret again when you change the server address.';
export const REENTER_BG_PASSWORD = 'Enter the password again when you change the service address.';
export const BG_HTTPS_REQUIRED = "Use the provider's https:// address: the password must not travel in clear text.";
/** POST …/background-settings/test answers (issue 23 §2: the screen tells the truth about the provider). */
export const BACKGROUND_TEST_MESSAGES = {
  ok: 'Connection successful: the provider accepted the account.',
  refused: 'The provider refused the account or the password.',
  unreachable: 'The provider could not be reached at this address.',
  none: 'Background checks are not configured for this district: choose a provider.',
  demo: 'The demo provider makes no real check; nothing to connect to.',
} as const;

type ClientRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof createClientsRepository>['findById']>>>;

export function createClientsService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createClientsRepository> }) {
  const box = createSecretBox(deps.config.APP_SECRET);
  const districtChecks = createDistrictBackgroundChecks(deps);
  const sisPolicy = {
    // a demo installation without a configured SIS uses the built-in provider
    emptyIsLocal: deps.config.SEED_DEMO,
    // the client secret must not travel in clear text in production
    requireHttps: deps.config.NODE_ENV === 'production',
    timeoutMs: 10_000,
  };

  async function load(ctx: RequestCtx, id: number): Promise<ClientRecord> {
    const row = await repo.findById(ctx.actor, id);
    if (!row) throw notFound('Client not found');
    return row;
  }

  const rawSettings = (row: ClientRecord) =>
    (row.settings && typeof row.settings === 'object' ? row.settings : {}) as Record<string, unknown>;
  const sealedSisSecret = (row: ClientRecord) => {
    const v = rawSettings(row)[SIS_SECRET_KEY];
    return typeof v === 'string' && v ? v : null;
  };

  /**
   * Writes a client at the version its screen started from (issue 23 §4): a stale one is refused
   * with 409 and nothing changes; answers the saved id and the new version.
   */
  async function saveAt(ctx: RequestCtx, row: ClientRecord, version: number, fields: Partial<ClientFields>) {
    refuseStale(row, version);
    const saved = await repo.update(ctx.actor, row.id, fields, deps.now(), version);
    mustHaveSaved(saved !== null);
    return { id: row.id, version: saved };
  }

  /** A PATCH's fields that were sent (issue 23 §4: only those change). */
  const sent = <T extends Record<string, unknown>>(patch: T) =>
    Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

  const audit = (ctx: RequestCtx, action: string, clientId: number, details: Record<string, unknown> = {}) =>
    deps.audit.record(ctx, { action, targetType: 'client', targetId: clientId, clientId, details });

  return {
    // ------------------------------------------------------------ clients (admins only)
    async list(ctx: RequestCtx, f: ClientListFilter) {
      requirePermission(ctx.actor, 'clients.manage');
      return repo.list(ctx.actor, f);
    },

    async lookup(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'clients.read');
      return repo.lookup(ctx.actor);
    },

    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'clients.manage');
      const row = await load(ctx, id);
      const s = readStored(ZClientSettings, row.settings);
      return {
        id: row.id,
        name: row.name,
        street1: row.street1,
        street2: row.street2,
        city: row.city,
        state: row.state,
        zipcode: row.zipcode,
        address: fullAddress(row),
        note: row.note,
        active: row.active,
        volunteerUrl: s.volunteerUrl,
        visitorUrl: s.visitorUrl,
        registrationLinks: await repo.registrationLinks(ctx.actor, row.id),
        version: row.version,
      };
    },

    async create(ctx: RequestCtx, body: Required<TClientUpsert>) {
      requirePermission(ctx.actor, 'clients.manage');
      const id = await repo.create(body);
      await audit(ctx, 'client.create', id, { active: body.active });
      return { id };
    },

    async update(ctx: RequestCtx, id: number, { version, ...body }: Required<TClientUpsert> & { version: number }) {
      requirePermission(ctx.actor, 'clients.manage');
      const before = await load(ctx, id);
      const saved = await saveAt(ctx, before, version, body);
      await audit(ctx, 'client.update', id, {
        changed: changedKeys(before as unknown as Record<string, unknown>, body),
      });
      return saved;
    },

    // ------------------------------------------------------------ desk view
    /** Labels and flags the desk and kiosk run on (ZDeskSettingsResponse): no secrets, no URLs. */
    async getDeskSettings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'clientSettings.read');
      const row = await load(ctx, id);
      const general = readStored(ZClientSettings, row.settings);
      return {
        clientId: row.id,
        desk: {
          visitorBtn: general.visitorBtn,
          checkinBtn: general.checkinBtn,
          checkoutBtn: general.checkoutBtn,
          pickupBtn: general.pickupBtn,
          skyward: general.skyward,
          clientsStudentInfoSystemId: general.clientsStudentInfoSystemId,
          sisStudentDropoffDetected: general.sisStudentDropoffDetected,
          sisStudentPickupDetected: general.sisStudentPickupDetected,
          disableAutoLogoutVisitors: general.disableAutoLogoutVisitors,
          enableCheckForVisitorsMoreOften: general.enableCheckForVisitorsMoreOften,
          successScreenDelay: general.successScreenDelay,
          backgroundCheck: general.backgroundCheck,
        },
        kiosk: readStored(ZKioskSettings, row.kioskSettings),
      };
    },

    // ------------------------------------------------------------ general settings
    async getSettings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      return {
        ...readStored(ZClientSettings, row.settings),
        clientId: row.id,
        clientName: row.name,
        hasSisClientSecret: sealedSisSecret(row) !== null,
        registrationLinks: await repo.registrationLinks(ctx.actor, row.id),
        version: row.version,
      };
    },

    /** PATCH (issue 23 §4, ADR 0025): the settings sent replace the stored ones; the rest stay. */
    async saveSettings(ctx: RequestCtx, id: number, body: TClientSettingsRequest) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      const parsed = ZClientSettingsRequest.parse(body);
      const { sisClientSecret, clearSisClientSecret, version, ...fields } = parsed;
      const before = readStored(ZClientSettings, row.settings);
      const merged = ZClientSettings.superRefine(checkBadgeDate).safeParse({ ...before, ...sent(fields) });
      if (!merged.success) {
        // the same shape as a refused request body ("field: message"), spec 000 §7
        const issue = merged.error.issues[0];
        const field = String(issue.path[0]);
        throw badRequest(`${field}: ${issue.message}`, { [field]: [issue.message] });
      }
      const next = merged.data;
      let sealed = clearSisClientSecret ? null : sealedSisSecret(row);
      const addressChanged = before.sisBaseUrl !== next.sisBaseUrl || before.sisTokenUrl !== next.sisTokenUrl;
      // A saved secret is never sent to an address other than the one it was saved for.
      if (sealed && !sisClientSecret && addressChanged) {
        throw badRequest(REENTER_SIS_SECRET, { sisClientSecret: [REENTER_SIS_SECRET] });
      }
      if (sisClientSecret) sealed = box.seal(sisClientSecret, sisSecretContext(id));
      const saved = await saveAt(ctx, row, version, {
        settings: { ...next, ...(sealed ? { [SIS_SECRET_KEY]: sealed } : {}) },
      });
      await audit(ctx, 'client.settings.update', id, {
        changed: changedKeys(before, next),
        sisCredential: sisClientSecret ? 'replaced' : clearSisClientSecret ? 'removed' : 'kept',
      });
      return saved;
    },

    // ------------------------------------------------------------ kiosk settings
    async getKioskSettings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      return {
        ...readStored(ZKioskSettings, row.kioskSettings),
        clientId: row.id,
        clientName: row.name,
        version: row.version,
      };
    },

    /** PATCH (issue 23 §4, ADR 0025): the settings sent replace the stored ones; the rest stay. */
    async saveKioskSettings(ctx: RequestCtx, id: number, { version, ...body }: TKioskSettingsRequest) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      const before = readStored(ZKioskSettings, row.kioskSettings);
      const next = ZKioskSettings.parse({ ...before, ...sent(body) });
      const saved = await saveAt(ctx, row, version, { kioskSettings: next });
      await audit(ctx, 'client.kioskSettings.update', id, { changed: changedKeys(before, next) });
      return saved;
    },

    // ------------------------------------------------------------ background check settings
    async getBackgroundSettings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'backgroundSettings.manage');
      const row = await load(ctx, id);
      return {
        ...readStored(ZBackgroundSettings, row.backgroundSettings),
        clientId: row.id,
        clientName: row.name,
        hasPassword: !!row.backgroundSecret,
        version: row.version,
      };
    },

    /** PATCH (issue 23 §4, ADR 0025): the settings sent replace the stored ones; the rest stay. */
    async saveBackgroundSettings(ctx: RequestCtx, id: number, body: TBackgroundSettingsRequest) {
      requirePermission(ctx.actor, 'backgroundSettings.manage');
      const row = await load(ctx, id);
      const { password = '', clearPassword = false, version, ...fields } = body;
      const before = readStored(ZBackgroundSettings, row.backgroundSettings);
      const next = ZBackgroundSettings.parse({ ...before, ...sent(fields) });
      let secret = clearPassword ? null : row.backgroundSecret;
      if (secret && !password && before.endpointUrl !== next.endpointUrl) {
        throw badRequest(REENTER_BG_PASSWORD, { password: [REENTER_BG_PASSWORD] });
      }
      // an agency needs its address (on the merged settings: a patch may send the provider alone)
      if (next.provider === 'http' && !next.endpointUrl) {
        throw badRequest(BACKGROUND_URL_REQUIRED, { endpointUrl: [BACKGROUND_URL_REQUIRED] });
      }
      // like the SIS secret: an agency password never travels in clear text in production
      if (next.provider === 'http' && sisPolicy.requireHttps && !next.endpointUrl.startsWith('https://')) {
        throw badRequest(BG_HTTPS_REQUIRED, { endpointUrl: [BG_HTTPS_REQUIRED] });
      }
      if (password) secret = box.seal(password, backgroundSecretContext(id));
      const saved = await saveAt(ctx, row, version, { backgroundSettings: next, backgroundSecret: secret });
      await audit(ctx, 'client.backgroundSettings.update', id, {
        changed: changedKeys(before, next),
        credential: password ? 'replaced' : clearPassword ? 'removed' : 'kept',
      });
      return saved;
    },

    /** Tests the SAVED settings only, so a saved password never goes to an address typed in the form. */
    async testBackgroundSettings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'backgroundSettings.manage');
      const row = await load(ctx, id);
      const provider = districtChecks.providerOf(row);
      let result: keyof typeof BACKGROUND_TEST_MESSAGES;
      if (!provider) result = 'none';
      else if (provider.kind === 'demo') result = 'demo';
      else result = await provider.testConnection();
      await audit(ctx, 'client.backgroundSettings.test', id, { result });
      return { ok: result === 'ok', message: BACKGROUND_TEST_MESSAGES[result] };
    },

    // ------------------------------------------------------------ SIS (Skyward) connection test
    async testSis(ctx: RequestCtx, id: number, body: TSisTestRequest) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      const saved = readStored(ZClientSettings, row.settings);
      const conn: SisConnection = {
        baseUrl: body.sisBaseUrl ?? saved.sisBaseUrl,
        tokenUrl: body.sisTokenUrl ?? saved.sisTokenUrl,
        clientId: body.sisClientId ?? saved.sisClientId,
        clientSecret: body.sisClientSecret ?? '',
      };
      // The saved secret goes only to the address it was saved for (no exfiltration by test).
      const sameAddress = conn.baseUrl === saved.sisBaseUrl && conn.tokenUrl === saved.sisTokenUrl;
      const sealed = sealedSisSecret(row);
      if (!conn.clientSecret && sealed && sameAddress) conn.clientSecret = box.open(sealed, sisSecretContext(id)) ?? '';
      const ok = await createSisClient(conn, sisPolicy).testConnection();
      await audit(ctx, 'client.sis.test', id, { ok, unsaved: Object.keys(body).length > 0 });
      const builtIn = conn.baseUrl.trim() === 'local' || (conn.baseUrl.trim() === '' && sisPolicy.emptyIsLocal);
      return {
        ok,
        message: ok ? MESSAGES.skywardOk : MESSAGES.skywardFailed,
        ...(builtIn ? { builtIn: true as const } : {}),
      };
    },

    // ------------------------------------------------------------ system settings (/settings)
    async getSystemSettings(ctx: RequestCtx, clientId: number) {
      requirePermission(ctx.actor, 'systemSettings.manage');
      const row = await load(ctx, clientId);
      const s = readStored(ZClientSettings, row.settings);
      return {
        clientId: row.id,
        clientName: row.name,
        visitorUrl: s.visitorUrl,
        volunteerUrl: s.volunteerUrl,
        registrationLinks: await repo.registrationLinks(ctx.actor, row.id),
        skyward: s.skyward,
        sisConfigured: s.sisBaseUrl !== '' || sisPolicy.emptyIsLocal,
        version: row.version,
      };
    },

    async saveSystemSettings(
      ctx: RequestCtx,
      clientId: number,
      urls: { visitorUrl: string; volunteerUrl: string },
      version: number,
    ) {
      requirePermission(ctx.actor, 'systemSettings.manage');
      const row = await load(ctx, clientId);
      const before = readStored(ZClientSettings, row.settings);
      const saved = await saveAt(ctx, row, version, { settings: { ...rawSettings(row), ...urls } });
      await audit(ctx, 'client.systemSettings.update', clientId, {
        changed: changedKeys({ visitorUrl: before.visitorUrl, volunteerUrl: before.volunteerUrl }, urls),
      });
      return saved;
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
