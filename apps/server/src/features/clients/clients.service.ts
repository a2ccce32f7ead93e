import {
  MESSAGES,
  ZBackgroundSettings,
  ZClientSettings,
  ZClientSettingsRequest,
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
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { createClientsRepository, fullAddress, type ClientListFilter } from './clients.repository';
import { changedKeys, readStored } from './stored-settings';

/** Where the sealed SIS client secret sits inside the settings jsonb (stripped from every read). */
const SIS_SECRET_KEY = 'sisClientSecretSealed';
const sisSecretContext = (clientId: number) => `client:${clientId}:sisClientSecret`;
const backgroundSecretContext = (clientId: number) => `client:${clientId}:background`;

export const REENTER_SIS_SECRET = 'Enter the client secret again when you change the server address.';
export const REENTER_BG_PASSWORD = 'Enter the password again when you change the service address.';

type ClientRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof createClientsRepository>['findById']>>>;

export function createClientsService(deps: AppDeps) {
  const repo = createClientsRepository(deps.db);
  const box = createSecretBox(deps.config.APP_SECRET);
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
      };
    },

    async create(ctx: RequestCtx, body: Required<TClientUpsert>) {
      requirePermission(ctx.actor, 'clients.manage');
      const id = await repo.create(body);
      await audit(ctx, 'client.create', id, { active: body.active });
      return { id };
    },

    async update(ctx: RequestCtx, id: number, body: Required<TClientUpsert>) {
      requirePermission(ctx.actor, 'clients.manage');
      const before = await load(ctx, id);
      await repo.update(ctx.actor, id, body, deps.now());
      await audit(ctx, 'client.update', id, {
        changed: changedKeys(before as unknown as Record<string, unknown>, body),
      });
      return { id };
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
      };
    },

    async saveSettings(ctx: RequestCtx, id: number, body: TClientSettingsRequest) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      const parsed = ZClientSettingsRequest.parse(body);
      const { sisClientSecret, clearSisClientSecret, ...fields } = parsed;
      const next = ZClientSettings.parse(fields);
      const before = readStored(ZClientSettings, row.settings);
      let sealed = clearSisClientSecret ? null : sealedSisSecret(row);
      const addressChanged = before.sisBaseUrl !== next.sisBaseUrl || before.sisTokenUrl !== next.sisTokenUrl;
      // A saved secret is never sent to an address other than the one it was saved for.
      if (sealed && !sisClientSecret && addressChanged) {
        throw badRequest(REENTER_SIS_SECRET, { sisClientSecret: [REENTER_SIS_SECRET] });
      }
      if (sisClientSecret) sealed = box.seal(sisClientSecret, sisSecretContext(id));
      await repo.update(
        ctx.actor,
        id,
        { settings: { ...next, ...(sealed ? { [SIS_SECRET_KEY]: sealed } : {}) } },
        deps.now(),
      );
      await audit(ctx, 'client.settings.update', id, {
        changed: changedKeys(before, next),
        sisCredential: sisClientSecret ? 'replaced' : clearSisClientSecret ? 'removed' : 'kept',
      });
      return { id };
    },

    // ------------------------------------------------------------ kiosk settings
    async getKioskSettings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      return { ...readStored(ZKioskSettings, row.kioskSettings), clientId: row.id, clientName: row.name };
    },

    async saveKioskSettings(ctx: RequestCtx, id: number, body: TKioskSettingsRequest) {
      requirePermission(ctx.actor, 'clientSettings.manage');
      const row = await load(ctx, id);
      const next = ZKioskSettings.parse(body);
      await repo.update(ctx.actor, id, { kioskSettings: next }, deps.now());
      await audit(ctx, 'client.kioskSettings.update', id, {
        changed: changedKeys(readStored(ZKioskSettings, row.kioskSettings), next),
      });
      return { id };
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
      };
    },

    async saveBackgroundSettings(ctx: RequestCtx, id: number, body: Required<TBackgroundSettingsRequest>) {
      requirePermission(ctx.actor, 'backgroundSettings.manage');
      const row = await load(ctx, id);
      const { password, clearPassword, ...fields } = body;
      const next = ZBackgroundSettings.parse(fields);
      const before = readStored(ZBackgroundSettings, row.backgroundSettings);
      let secret = clearPassword ? null : row.backgroundSecret;
      if (secret && !password && before.endpointUrl !== next.endpointUrl) {
        throw badRequest(REENTER_BG_PASSWORD, { password: [REENTER_BG_PASSWORD] });
      }
      if (password) secret = box.seal(password, backgroundSecretContext(id));
      await repo.update(ctx.actor, id, { backgroundSettings: next, backgroundSecret: secret }, deps.now());
      await audit(ctx, 'client.backgroundSettings.update', id, {
        changed: changedKeys(before, next),
        credential: password ? 'replaced' : clearPassword ? 'removed' : 'kept',
      });
      return { id };
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
      return { ok, message: ok ? MESSAGES.skywardOk : MESSAGES.skywardFailed };
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
        skyward: s.skyward,
        sisConfigured: s.sisBaseUrl !== '' || sisPolicy.emptyIsLocal,
      };
    },

    async saveSystemSettings(ctx: RequestCtx, clientId: number, urls: { visitorUrl: string; volunteerUrl: string }) {
      requirePermission(ctx.actor, 'systemSettings.manage');
      const row = await load(ctx, clientId);
      const before = readStored(ZClientSettings, row.settings);
      await repo.update(ctx.actor, clientId, { settings: { ...rawSettings(row), ...urls } }, deps.now());
      await audit(ctx, 'client.systemSettings.update', clientId, {
        changed: changedKeys({ visitorUrl: before.visitorUrl, volunteerUrl: before.volunteerUrl }, urls),
      });
      return { id: clientId };
    },
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
