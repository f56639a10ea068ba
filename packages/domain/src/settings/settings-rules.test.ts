import { describe, expect, it } from 'vitest';
import { blockedAddressKind, formatIpRange, ipAllowed, parseIp, parseIpRange } from './ip-ranges.ts';
import { checkIpWhitelist, checkTargetUrl, isAddressWhitelisted } from './settings-rules.ts';

describe('IP addresses and ranges', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7/24', '203.0.113.0/24'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:db8:0:0:0:0:0:1/32', '2001:db8::/32'],
    ['::ffff:192.0.2.1', '::ffff:c000:201'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
  ])('%s is read as %s', (text, canonical) => {
    const r = parseIpRange(text);
    expect(r).not.toBeNull();
    if (r) expect(formatIpRange(r)).toBe(canonical);
  });

  it.each([
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4',
    '1.2.3.4/33',
    '1.2.3.4/',
    '1.2.3.4/-1',
    '2001:db8::1::2',
    '2001:db8::/129',
    'gggg::1',
    'example.com',
    '',
    '1.2.3.4 5',
    '1:2:3:4:5:6:7:8:9',
  ])('%s is malformed', (text) => {
    expect(parseIpRange(text)).toBeNull();
  });

  it('matches addresses against ranges, IPv4-mapped IPv6 included', () => {
    expect(ipAllowed('203.0.113.200', ['203.0.113.0/24'])).toBe(true);
    expect(ipAllowed('203.0.114.1', ['203.0.113.0/24'])).toBe(false);
    expect(ipAllowed('::ffff:203.0.113.9', ['203.0.113.0/24'])).toBe(true);
    expect(ipAllowed('2001:db8:1::5', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(isAddressWhitelisted('198.51.100.1', [])).toBe(true);
    expect(isAddressWhitelisted('not an ip', ['0.0.0.0/0'])).toBe(false);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00::1', 'private'],
    ['0.0.0.0', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['203.0.113.10', null],
    ['2606:4700::1111', null],
  ])('%s is %s', (text, kind) => {
    const ip = parseIp(text);
    expect(ip).not.toBeNull();
    if (ip) expect(blockedAddressKind(ip)).toBe(kind);
  });
});

describe('IP white list', () => {
  it('normalises, reports malformed and repeated entries and flags allow-all', () => {
    const r = checkIpWhitelist(['203.0.113.5/24', 'bad', '203.0.113.0/24', '0.0.0.0/0']);
    expect(r.entries).toEqual(['203.0.113.0/24', '0.0.0.0/0']);
    expect(r.problems).toEqual({ 1: 'malformed', 2: 'duplicate' });
    expect(r.allowsEveryone).toBe(true);
  });
});

describe('postback URL text rules', () => {
  const strict = { allowInsecure: false };
  it.each([
    ['https://hooks.example.com/p', null],
    ['https://203.0.113.10/p', null],
    ['http://hooks.example.com/p', 'URL_NOT_HTTPS'],
    ['ftp://hooks.example.com', 'URL_INVALID'],
    ['not a url', 'URL_INVALID'],
    ['https://127.0.0.1/p', 'URL_FORBIDDEN_HOST'],
    ['https://2130706433/p', 'URL_FORBIDDEN_HOST'],
    ['https://10.0.0.8/p', 'URL_FORBIDDEN_HOST'],
    ['https://169.254.169.254/latest/meta-data', 'URL_FORBIDDEN_HOST'],
    ['https://[::1]/p', 'URL_FORBIDDEN_HOST'],
    ['https://[::ffff:10.0.0.1]/p', 'URL_FORBIDDEN_HOST'],
    ['https://localhost/p', 'URL_FORBIDDEN_HOST'],
    ['https://api.localhost/p', 'URL_FORBIDDEN_HOST'],
    ['https://metadata.google.internal/p', 'URL_FORBIDDEN_HOST'],
    ['https://user:pw@hooks.example.com/p', 'URL_HAS_CREDENTIALS'],
    [`https://hooks.example.com/${'a'.repeat(2100)}`, 'URL_TOO_LONG'],
  ])('%s → %s', (url, problem) => {
    expect(checkTargetUrl(url, strict)).toBe(problem);
  });

  it('the development setting lets http and loopback through, never private or metadata', () => {
    const dev = { allowInsecure: true };
    expect(checkTargetUrl('http://127.0.0.1:9999/p', dev)).toBeNull();
    expect(checkTargetUrl('http://localhost:9999/p', dev)).toBeNull();
    expect(checkTargetUrl('http://10.0.0.1/p', dev)).toBe('URL_FORBIDDEN_HOST');
    expect(checkTargetUrl('http://169.254.169.254/p', dev)).toBe('URL_FORBIDDEN_HOST');
  });
});

describe('user notification settings', () => {
  it('reads known keys, takes defaults for missing or bad ones and ignores other areas keys', async () => {
    const { readUserNotificationSettings, DEFAULT_USER_NOTIFICATION_SETTINGS } = await import(
      './settings.api.ts'
    );
    expect(readUserNotificationSettings({})).toEqual(DEFAULT_USER_NOTIFICATION_SETTINGS);
    expect(
      readUserNotificationSettings({
        unapproved_delay_hours: 4,
        statement_frequency: 'hourly',
        new_payments: 'yes',
        email_new_message: true,
      }),
    ).toEqual({ ...DEFAULT_USER_NOTIFICATION_SETTINGS, unapproved_delay_hours: 4 });
  });
});
