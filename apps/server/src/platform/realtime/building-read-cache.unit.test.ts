import { describe, expect, it } from 'vitest';
import { createBuildingReadCache } from './building-read-cache';
import type { FrontDeskEvent } from './realtime';

function setup(opts: { ttlMs?: number; maxBuildings?: number } = {}) {
  let clock = 1_000;
  const listeners = new Set<(e: FrontDeskEvent) => void>();
  const cache = createBuildingReadCache(
    async (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    { ttlMs: opts.ttlMs ?? 10_000, maxBuildings: opts.maxBuildings ?? 100, now: () => clock },
  );
  const emit = (buildingId: number) => {
    for (const l of listeners) l({ type: 'visit.checked_in', clientId: 1, buildingId });
  };
  let loads = 0;
  const load = (value: string) => async () => {
    loads++;
    return { clientId: 1, body: value };
  };
  return {
    cache,
    emit,
    load,
    loads: () => loads,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}
const anyone = () => true;

describe('building read cache (issue 5: dashboards share one read per change)', () => {
  it('answers repeated reads from one load, and loads again after an event of that building only', async () => {
    const t = setup();
    expect((await t.cache.read(1, 'visits', anyone, t.load('a'))).body).toBe('a');
    expect((await t.cache.read(1, 'visits', anyone, t.load('b'))).body).toBe('a');
    await t.cache.read(2, 'visits', anyone, t.load('x'));
    expect(t.loads()).toBe(2);
    t.emit(2);
    expect((await t.cache.read(1, 'visits', anyone, t.load('c'))).body).toBe('a');
    t.emit(1);
    expect((await t.cache.read(1, 'visits', anyone, t.load('d'))).body).toBe('d');
    expect(t.loads()).toBe(3);
  });

  it('never keeps an answer whose load overlapped an event (it may predate the change)', async () => {
    const t = setup();
    let release: () => void = () => {};
    const slow = t.cache.read(1, 'visits', anyone, async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { clientId: 1, body: 'before the change' };
    });
    await new Promise((r) => setTimeout(r, 0));
    t.cache.invalidate(1); // the change commits while the slow read is running
    release();
    expect((await slow).body).toBe('before the change');
    expect((await t.cache.read(1, 'visits', anyone, t.load('after'))).body).toBe('after');
  });

  it('shares one load between concurrent misses, re-checking scope for each caller', async () => {
    const t = setup();
    let release: () => void = () => {};
    const first = t.cache.read(1, 'visits', anyone, async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { clientId: 1, body: 'shared' };
    });
    await new Promise((r) => setTimeout(r, 0));
    const second = t.cache.read(1, 'visits', anyone, t.load('own'));
    const outsider = t.cache.read(
      1,
      'visits',
      (v: { clientId: number }) => v.clientId === 2,
      async (): Promise<{ clientId: number }> => {
        throw new Error('not found');
      },
    );
    release();
    expect((await first).body).toBe('shared');
    expect((await second).body).toBe('shared');
    await expect(outsider).rejects.toThrow('not found');
    expect(t.loads()).toBe(0);
  });

  it('refuses a cached answer the caller may not see, and expires entries after the TTL', async () => {
    const t = setup({ ttlMs: 5_000 });
    await t.cache.read(1, 'visits', anyone, t.load('a'));
    await expect(
      t.cache.read(
        1,
        'visits',
        (v: { clientId: number }) => v.clientId === 99,
        async () => {
          throw new Error('not found');
        },
      ),
    ).rejects.toThrow('not found');
    t.tick(5_001);
    expect((await t.cache.read(1, 'visits', anyone, t.load('b'))).body).toBe('b');
  });

  it('keeps at most maxBuildings buildings, dropping the least recently stored', async () => {
    const t = setup({ maxBuildings: 2 });
    await t.cache.read(1, 'visits', anyone, t.load('1'));
    await t.cache.read(2, 'visits', anyone, t.load('2'));
    await t.cache.read(3, 'visits', anyone, t.load('3'));
    expect(t.cache.size).toBe(2);
    expect((await t.cache.read(1, 'visits', anyone, t.load('1 again'))).body).toBe('1 again');
  });
});
