import { beforeAll, describe, expect, it } from 'vitest';
import { visitorWording } from '../../db/schema/index';
import { createTestApp, type Session, type TestApp } from '../../test/test-app';

let t: TestApp;
let north: Session;
let south: Session;
let desk: Session;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.delete(visitorWording);
  north = await t.login('admin.north@demo.test');
  south = await t.login('admin.south@demo.test');
  desk = await t.login('desk.northhigh@demo.test');
});

const publicWording = async (clientId: number, language: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/visitor-wording/${clientId}/${language}` })).json();

describe("a district's own wording of the visitor screens (issue 29 §1)", () => {
  it('replaces the product text in one language, shows on the public read, and goes back when emptied', async () => {
    const north1 = t.world.north.clientId;
    const saved = await t.as(north).put('/api/visitor-wording', {
      language: 'vi',
      changes: [
        { key: 'kiosk.banner.defaultQuestion1', text: '  Trong 14 ngày qua, quý vị có bị sốt không?  ', version: 0 },
        { key: 'kiosk.welcome', text: 'Chào mừng đến trường North High', version: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const items = saved.json().items as { key: string; text: string; version: number }[];
    expect(items.map((i) => [i.key, i.text, i.version])).toEqual([
      ['kiosk.banner.defaultQuestion1', 'Trong 14 ngày qua, quý vị có bị sốt không?', 1],
      ['kiosk.welcome', 'Chào mừng đến trường North High', 1],
    ]);
    expect(await publicWording(north1, 'vi')).toEqual({
      language: 'vi',
      wording: {
        'kiosk.banner.defaultQuestion1': 'Trong 14 ngày qua, quý vị có bị sốt không?',
        'kiosk.welcome': 'Chào mừng đến trường North High',
      },
    });
    // another language, and another district, are untouched
    expect((await publicWording(north1, 'es')).wording).toEqual({});
    expect((await publicWording(t.world.south.clientId, 'vi')).wording).toEqual({});

    const edited = await t.as(north).put('/api/visitor-wording', {
      language: 'vi',
      changes: [
        { key: 'kiosk.welcome', text: 'Xin chào', version: 1 },
        { key: 'kiosk.banner.defaultQuestion1', text: '', version: 1 },
      ],
    });
    expect(edited.json().items.map((i: { key: string; version: number }) => [i.key, i.version])).toEqual([
      ['kiosk.welcome', 2],
    ]);
    expect((await publicWording(north1, 'vi')).wording).toEqual({ 'kiosk.welcome': 'Xin chào' });
  });

  it('refuses a stale change and saves nothing of that save', async () => {
    await t.as(north).put('/api/visitor-wording', {
      language: 'pt',
      changes: [{ key: 'kiosk.next', text: 'Continuar', version: 0 }],
    });
    // a second administrator still has version 0 of kiosk.next
    const stale = await t.as(north).put('/api/visitor-wording', {
      language: 'pt',
      changes: [
        { key: 'kiosk.back', text: 'Voltar', version: 0 },
        { key: 'kiosk.next', text: 'Avançar', version: 0 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect((await publicWording(t.world.north.clientId, 'pt')).wording).toEqual({ 'kiosk.next': 'Continuar' });
  });

  it('refuses keys that are not catalogue keys, unknown languages and over-long text with a 400', async () => {
    for (const body of [
      { language: 'pt', changes: [{ key: 'not a key', text: 'x', version: 0 }] },
      { language: 'fr', changes: [{ key: 'kiosk.next', text: 'x', version: 0 }] },
      { language: 'pt', changes: [{ key: 'kiosk.next', text: 'x'.repeat(2001), version: 0 }] },
      { language: 'pt', changes: [] },
    ]) {
      expect((await t.as(north).put('/api/visitor-wording', body)).statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/public/visitor-wording/1/fr' })).statusCode).toBe(400);
  });

  it('is audited, and only district administrators of that district change it', async () => {
    expect((await t.as(desk).get('/api/visitor-wording?language=es')).statusCode).toBe(403);
    const other = await t.as(south).put('/api/visitor-wording', {
      clientId: t.world.north.clientId,
      language: 'es',
      changes: [{ key: 'kiosk.welcome', text: 'Hola', version: 0 }],
    });
    expect(other.statusCode).toBe(404);
    expect((await publicWording(t.world.north.clientId, 'es')).wording).toEqual({});
    const audit = await t.as(north).get('/api/audit?action=visitorWording.save');
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('visitorWording.save');
  });
});
