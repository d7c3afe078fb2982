import { describe, expect, it } from 'vitest';
import { SPECIAL_IPV4, SPECIAL_IPV6 } from './special-addresses';
import { checkResolved, checkUrl, specialRange } from './ssrf';

/** One address inside every range of the table, as a URL would carry it. */
const SAMPLES: Record<string, string> = {
  '0.0.0.0/8': '0.1.2.3',
  '0.0.0.0/32': '0.0.0.0',
  '10.0.0.0/8': '10.20.30.40',
  '100.64.0.0/10': '100.127.255.1',
  '127.0.0.0/8': '127.8.9.10',
  '169.254.0.0/16': '169.254.1.1',
  '169.254.169.254/32': '169.254.169.254',
  '172.16.0.0/12': '172.31.0.1',
  '192.0.0.0/24': '192.0.0.200',
  '192.0.0.0/29': '192.0.0.1',
  '192.0.0.8/32': '192.0.0.8',
  '192.0.0.9/32': '192.0.0.9',
  '192.0.0.10/32': '192.0.0.10',
  '192.0.0.170/31': '192.0.0.171',
  '192.0.2.0/24': '192.0.2.1',
  '192.31.196.0/24': '192.31.196.1',
  '192.52.193.0/24': '192.52.193.1',
  '192.88.99.0/24': '192.88.99.1',
  '192.168.0.0/16': '192.168.1.1',
  '192.175.48.0/24': '192.175.48.1',
  '198.18.0.0/15': '198.19.255.254',
  '198.51.100.0/24': '198.51.100.7',
  '203.0.113.0/24': '203.0.113.9',
  '224.0.0.0/4': '239.255.255.250',
  '240.0.0.0/4': '250.1.2.3',
  '255.255.255.255/32': '255.255.255.255',
  '::/128': '::',
  '::1/128': '::1',
  '::/96': '::a0a:a0a',
  '::ffff:0:0/96': '::ffff:a00:1',
  '::ffff:0:0:0/96': '::ffff:0:a00:1',
  '64:ff9b::/96': '64:ff9b::a00:1',
  '64:ff9b:1::/48': '64:ff9b:1::808:808',
  '100::/64': '100::1',
  '100:0:0:1::/64': '100:0:0:1::1',
  '2001::/23': '2001:100::1',
  '2001::/32': '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:1::1/128': '2001:1::1',
  '2001:1::2/128': '2001:1::2',
  '2001:1::3/128': '2001:1::3',
  '2001:2::/48': '2001:2::1',
  '2001:3::/32': '2001:3::1',
  '2001:4:112::/48': '2001:4:112::1',
  '2001:10::/28': '2001:10::1',
  '2001:20::/28': '2001:20::1',
  '2001:30::/28': '2001:30::1',
  '2001:db8::/32': '2001:db8::1',
  '2002::/16': '2002:a00:1::',
  '2620:4f:8000::/48': '2620:4f:8000::1',
  '3fff::/20': '3fff:fff::1',
  '5f00::/16': '5f00::1',
  'fc00::/7': 'fd12:3456::1',
  'fd00:ec2::254/128': 'fd00:ec2::254',
  'fe80::/10': 'fe80::1',
  'fec0::/10': 'fec0::1',
  'ff00::/8': 'ff02::1',
};

const urlOf = (address: string): string => (address.includes(':') ? `http://[${address}]/` : `http://${address}/`);

describe('the special-purpose address table', () => {
  it('has one sample for every range, and nothing else', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...SPECIAL_IPV4, ...SPECIAL_IPV6].map((entry) => entry.range).sort());
  });

  it.each([...SPECIAL_IPV4, ...SPECIAL_IPV6].map((entry) => [entry.range, entry.name, entry] as const))(
    '%s (%s) is refused with its reason',
    (range, _name, entry) => {
      const sample = SAMPLES[range]!;
      expect(specialRange(sample)).toBe(entry);
      const checked = checkUrl(urlOf(sample), 'url');
      expect(checked.ok, sample).toBe(false);
      if (!checked.ok) expect(checked.message).toContain(entry.reason);
    },
  );

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '1.1.1.1',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
  ])('lets the public address %s through', (address) => {
    expect(specialRange(address)).toBeNull();
    expect(checkUrl(urlOf(address), 'url').ok).toBe(true);
  });

  it('names the IPv4 address an embedding form carries, with its own reason', () => {
    const mapped = checkUrl('http://[::ffff:192.168.0.1]/', 'url');
    expect(mapped.ok).toBe(false);
    if (!mapped.ok)
      expect(mapped.message).toContain('IPv4-mapped address embedding 192.168.0.1, a private network address');
    const sixToFour = checkUrl('http://[2002:a9fe:a9fe::]/', 'url');
    if (!sixToFour.ok)
      expect(sixToFour.message).toContain('6to4 address embedding 169.254.169.254, a cloud metadata service');
    const teredo = checkUrl('http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'url');
    if (!teredo.ok) expect(teredo.message).toContain('Teredo address embedding 127.0.0.1, a loopback address');
    expect(sixToFour.ok || teredo.ok).toBe(false);
  });
});

describe('host names, normalised before they are judged', () => {
  it.each([
    ['http://localhost./', 'loopback host'],
    ['http://localhost../', 'loopback host'],
    ['http://LOCALHOST.../x', 'loopback host'],
    ['http://127.0.0.1../', 'loopback address'],
    ['http://0x7f.1../', 'loopback address'],
    ['http://metadata.google.internal../', 'cloud metadata service'],
    ['http://db.internal.../', 'internal network name'],
    ['http://LocalTest.ME./', 'resolves to loopback'],
    ['http://0300.0250.0.1/', 'private network address'],
    ['http://0xa9fea9fe/', 'cloud metadata service'],
    ['http://3232235777/', 'private network address'],
    ['http://[fec0::1]/', 'site-local address'],
    ['http://intranet../', 'single-label name'],
  ])('refuses %s (%s)', (url, reason) => {
    const checked = checkUrl(url, 'url');
    expect(checked.ok, url).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(reason);
  });

  it('judges an IDNA name in the form the URL parser gives it', () => {
    const checked = checkUrl('http://bücher.LOCAL/', 'url');
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain("'xn--bcher-kva.local'");
    expect(checkUrl('https://bücher.example/', 'url').ok).toBe(true);
  });

  it('resolves the name without its trailing dots, and checks an IP literal as its own address', async () => {
    const asked: string[] = [];
    const resolved = await checkResolved(new URL('https://example.com../'), 'url', async (host) => {
      asked.push(host);
      return ['93.184.216.34'];
    });
    expect(asked).toEqual(['example.com']);
    expect(resolved).toMatchObject({ ok: true, addresses: ['93.184.216.34'] });
    expect(await checkResolved(new URL('http://[2606:4700::1111]/'), 'url', async () => [])).toMatchObject({
      ok: true,
      addresses: ['2606:4700::1111'],
    });
  });
});
