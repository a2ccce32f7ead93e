import { describe, expect, it } from 'vitest';
import { ZBuildingUpsert } from './buildings';
import { PRINTER_ADDRESS_MESSAGES as M, parsePrinterAddress, printerAddressProblem } from './printing';

// issue 23 §7: server-side printer addresses are private-network IP addresses on printer ports
const production = { allowLoopback: false };
const testHarness = { allowLoopback: true };

describe('printer address rule (issue 23 §7, ADR 0027)', () => {
  it.each([
    ['10.1.2.3', null],
    ['10.1.2.3:9100', null],
    ['172.16.0.5:631', null],
    ['172.31.255.254:515', null],
    ['192.168.1.50', null],
    ['  192.168.1.50:9100  ', null],
    ['fd12:3456::25', null],
    ['[fd12:3456::25]:9100', null],
    ['[fc00::1]', null],
    ['10.1.2.3:22', M.port],
    ['10.1.2.3:80', M.port],
    ['10.1.2.3:0', M.port],
    ['127.0.0.1', M.loopback],
    ['127.0.0.1:9100', M.loopback],
    ['127.8.9.10', M.loopback],
    ['::1', M.loopback],
    ['[::1]:9100', M.loopback],
    ['::ffff:127.0.0.1', M.loopback],
    ['[::ffff:7f00:1]:9100', M.loopback],
    ['169.254.1.1', M.linkLocal],
    ['169.254.169.254:9100', M.linkLocal],
    ['fe80::1', M.linkLocal],
    ['::ffff:169.254.169.254', M.linkLocal],
    ['8.8.8.8', M.notPrivate],
    ['8.8.8.8:9100', M.notPrivate],
    ['172.32.0.1', M.notPrivate],
    ['172.15.0.1', M.notPrivate],
    ['0.0.0.0', M.notPrivate],
    ['100.64.0.1', M.notPrivate],
    ['224.0.0.1', M.notPrivate],
    ['255.255.255.255', M.notPrivate],
    ['2001:4860:4860::8888', M.notPrivate],
    ['::', M.notPrivate],
    ['::ffff:8.8.8.8', M.notPrivate],
    ['::ffff:10.0.0.5', null],
    ['printer.school.local', M.format],
    ['localhost', M.format],
    ['localhost:9100', M.format],
    ['metadata.google.internal', M.format],
    ['010.1.2.3', M.format],
    ['10.1.2', M.format],
    ['167772161', M.format],
    ['0x0a.1.2.3', M.format],
    ['10.1.2.3:', M.format],
    ['10.1.2.3:99999', M.port],
    ['fe80::1%eth0', M.format],
    ['1::2::3', M.format],
    ['http://10.1.2.3', M.format],
    ['10.1.2.3/24', M.format],
  ])('%s → %s', (address, expected) => {
    expect(printerAddressProblem(address, production)).toBe(expected);
  });

  it('accepts loopback only under the test override, and nothing else besides', () => {
    // the fake printer listens on a port the system chose
    expect(printerAddressProblem('127.0.0.1:45123', testHarness)).toBeNull();
    expect(printerAddressProblem('127.0.0.1:45123', production)).toBe(M.loopback);
    expect(printerAddressProblem('10.0.0.5:45123', testHarness)).toBe(M.port);
    expect(printerAddressProblem('::1', testHarness)).toBeNull();
    expect(printerAddressProblem('169.254.1.1', testHarness)).toBe(M.linkLocal);
    expect(printerAddressProblem('8.8.8.8', testHarness)).toBe(M.notPrivate);
  });

  it('reads the port (raw 9100 when none is given) and IPv6 in brackets', () => {
    expect(parsePrinterAddress('10.0.0.25')).toMatchObject({ host: '10.0.0.25', port: 9100, family: 4 });
    expect(parsePrinterAddress('[fd00::25]:515')).toMatchObject({ host: 'fd00::25', port: 515, family: 6 });
  });

  it('the building contract refuses what the form refuses (issue 25), blank meaning none', () => {
    const save = (printerIpAddress: string, visitorPrinterIpAddress = '') =>
      ZBuildingUpsert.safeParse({ name: 'A', printerIpAddress, visitorPrinterIpAddress });
    expect(save('').success).toBe(true);
    expect(save('10.0.0.25:9100').data?.printMethod).toBe('server');
    for (const bad of ['8.8.8.8', '127.0.0.1', '10.1.2.3:22', 'printer.local']) {
      const res = save(bad);
      expect(res.success).toBe(false);
      expect(res.error?.issues[0].path).toEqual(['printerIpAddress']);
    }
    expect(save('', '169.254.169.254').error?.issues[0].message).toBe(M.linkLocal);
    expect(ZBuildingUpsert.safeParse({ name: 'A', printMethod: 'fax' }).success).toBe(false);
  });
});
