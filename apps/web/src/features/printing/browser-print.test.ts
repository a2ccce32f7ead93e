import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserPrintError, printZplWithBrowserPrint } from './browser-print';
import { printBy } from './print-badge';

// issue 23 §7: the desk's browser prints through Zebra Browser Print's local HTTP API
const DEVICE = {
  name: 'ZDesigner ZD421',
  uid: 'ZD421-usb',
  connection: 'usb',
  deviceType: 'printer',
  version: 3,
  provider: 'com.zebra.ds.webdriver.desktop.provider.DefaultDeviceProvider',
  manufacturer: 'Zebra Technologies',
};

type Call = { url: string; init?: RequestInit };
/** A fake Browser Print: `routes` answer by URL; anything else fails like a closed port. */
function fakeBrowserPrint(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const route = routes[url];
    if (!route) throw new TypeError('Failed to fetch');
    return route();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}
const json = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });

describe('Zebra Browser Print client', () => {
  it('finds the default printer and writes the ZPL to it as {device, data}, without a CORS preflight', async () => {
    const bp = fakeBrowserPrint({
      'http://localhost:9100/default?type=printer': json(DEVICE),
      'http://localhost:9100/write': () => new Response('', { status: 200 }),
    });
    const name = await printZplWithBrowserPrint('^XA^FDHi^FS^XZ', { fetch: bp.fetch, protocol: 'http:' });
    expect(name).toBe('ZDesigner ZD421');
    const write = bp.calls.find((c) => c.url.endsWith('/write'))!;
    expect(write.init?.method).toBe('POST');
    // text/plain keeps it a "simple" request: Browser Print answers no preflight
    expect((write.init?.headers as Record<string, string> | undefined)?.['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(String(write.init?.body))).toEqual({ device: DEVICE, data: '^XA^FDHi^FS^XZ' });
  });

  it('an HTTPS page tries the HTTPS port first and falls back to HTTP (an untrusted certificate fails like a closed port)', async () => {
    const bp = fakeBrowserPrint({
      'http://localhost:9100/default?type=printer': json(DEVICE),
      'http://localhost:9100/write': () => new Response('', { status: 200 }),
    });
    await printZplWithBrowserPrint('^XA^XZ', { fetch: bp.fetch, protocol: 'https:' });
    expect(bp.calls.map((c) => c.url)).toEqual([
      'https://localhost:9101/default?type=printer',
      'http://localhost:9100/default?type=printer',
      'http://localhost:9100/write',
    ]);
  });

  it('says why it could not print: not running, no default printer, or the printer refused', async () => {
    const reason = (p: Promise<unknown>) => p.catch((e: unknown) => (e instanceof BrowserPrintError ? e.reason : e));
    expect(await reason(printZplWithBrowserPrint('^XA^XZ', { fetch: fakeBrowserPrint({}).fetch }))).toBe('unreachable');
    const empty = fakeBrowserPrint({ 'http://localhost:9100/default?type=printer': () => new Response('') });
    expect(await reason(printZplWithBrowserPrint('^XA^XZ', { fetch: empty.fetch, protocol: 'http:' }))).toBe(
      'noPrinter',
    );
    const refused = fakeBrowserPrint({
      'http://localhost:9100/default?type=printer': json(DEVICE),
      'http://localhost:9100/write': () => new Response('Printer offline', { status: 500 }),
    });
    expect(await reason(printZplWithBrowserPrint('^XA^XZ', { fetch: refused.fetch, protocol: 'http:' }))).toBe(
      'refused',
    );
  });
});

describe('the print path (spec 002 §4, issue 23 §7)', () => {
  const t = ((key: string, o?: Record<string, string>) => (o ? `${key} ${JSON.stringify(o)}` : key)) as TFunction;
  const target = {
    zplUrl: '/api/visits/7/badge.zpl',
    windowUrl: '/Badge/print/7',
    sendToServer: vi.fn(async () => ({ printed: true, message: 'The badge was sent to the printer.' })),
  };
  afterEach(() => vi.unstubAllGlobals());

  /** The app's own server answers the ZPL; Browser Print answers as `bp` says. */
  function withServerZpl(bp: Record<string, () => Response>) {
    const fake = fakeBrowserPrint({ '/api/visits/7/badge.zpl': () => new Response('^XA^FDbadge^FS^XZ'), ...bp });
    vi.stubGlobal('fetch', fake.fetch);
    vi.stubGlobal('location', { protocol: 'http:' });
    return fake;
  }

  it('a Browser Print building sends the badge ZPL to the desk’s printer', async () => {
    const bp = withServerZpl({
      'http://localhost:9100/default?type=printer': json(DEVICE),
      'http://localhost:9100/write': () => new Response(''),
    });
    const open = vi.fn(() => null);
    const r = await printBy('browser', target, t, { open });
    expect(r).toEqual({ ok: true, via: 'browser', message: 'printing.browserSent {"printer":"ZDesigner ZD421"}' });
    expect(JSON.parse(String(bp.calls.at(-1)?.init?.body)).data).toBe('^XA^FDbadge^FS^XZ');
    expect(open).not.toHaveBeenCalled();
  });

  it('when Browser Print is unreachable the PDF window opens and the notice says why', async () => {
    withServerZpl({});
    const open = vi.fn(() => ({}) as Window);
    const r = await printBy('browser', target, t, { open });
    expect(open).toHaveBeenCalledWith('/Badge/print/7');
    expect(r).toEqual({
      ok: true,
      via: 'window',
      message: 'printing.fallback {"reason":"printing.browser.unreachable","window":"printing.windowOpened"}',
    });
    // a test page proves one way: no fallback, the failure is the answer
    const test = await printBy('browser', target, t, { open: vi.fn(), fallbackToWindow: false });
    expect(test).toEqual({ ok: false, via: 'none', message: 'printing.browser.unreachable' });
  });

  it('a server building prints through the server and falls back to the window when its printer fails', async () => {
    const open = vi.fn(() => null);
    expect(await printBy('network', target, t, { open })).toMatchObject({ ok: true, via: 'network' });
    target.sendToServer.mockResolvedValueOnce({ printed: false, message: 'No network printer is set.' });
    const r = await printBy('network', target, t, { open });
    expect(r).toEqual({
      ok: false,
      via: 'window',
      message: 'printing.fallback {"reason":"No network printer is set.","window":"printing.popupBlocked"}',
    });
  });
});
