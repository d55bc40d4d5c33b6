// IP addresses: parsing what sockets and proxies write, the networks a client is grouped by, written forms, public or not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressGroup, networkGroup, nonPublicRange, parseAddress, writtenForms } from '../../src/lib/ip-address.js';

test('addresses and their groups', () => {
  const cases: [string, string | null][] = [
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['::FFFF:c633:6417', '198.51.100.23'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0DB8:85A3:1234::1', '2001:db8:85a3:1234::/64'],
    ['[2001:db8:1:2::9]:443', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
    ['not an address', null],
    ['', null],
    ['999.1.1.1', null],
  ];
  for (const [raw, group] of cases) {
    const parsed = parseAddress(raw);
    assert.equal(parsed === null ? null : addressGroup(parsed), group, raw);
  }
});

test('an IPv6 address is read as its eight groups, in full', () => {
  const cases: [string, string][] = [
    ['2001:db8::1', '2001:db8:0:0:0:0:0:1'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8:0:0:0:ff00:42:8329'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0:0:0:c000:221'],
  ];
  for (const [raw, full] of cases) assert.equal(parseAddress(raw)?.address, full, raw);
});

test('written forms: IPv4 dotted, IPv6 in full and compressed as RFC 5952 writes it', () => {
  const cases: [string, string[]][] = [
    ['203.0.113.7', ['203.0.113.7']],
    ['::ffff:203.0.113.7', ['203.0.113.7']],
    ['2001:db8:0:0:0:0:0:42', ['2001:db8:0:0:0:0:0:42', '2001:db8::42']],
    ['2001:db8:1:0:0:2:0:0', ['2001:db8:1:0:0:2:0:0', '2001:db8:1::2:0:0']],
    ['1:0:0:2:0:0:0:3', ['1:0:0:2:0:0:0:3', '1:0:0:2::3']],
    ['1:0:0:2:0:0:3:4', ['1:0:0:2:0:0:3:4', '1::2:0:0:3:4']],
    ['2001:db8:0:1:1:1:1:1', ['2001:db8:0:1:1:1:1:1']],
    ['::1', ['0:0:0:0:0:0:0:1', '::1']],
    ['::', ['0:0:0:0:0:0:0:0', '::']],
  ];
  for (const [raw, forms] of cases) assert.deepEqual(writtenForms(parseAddress(raw)!), forms, raw);
});

test('the network an address is in: an IPv4 /24, an IPv6 /48', () => {
  const cases: [string, string][] = [
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:1:2::9', '2001:db8:1::/48'],
    ['2001:0DB8:0:2::9', '2001:db8:0::/48'],
  ];
  for (const [raw, network] of cases) assert.equal(networkGroup(parseAddress(raw)!), network, raw);
});

test('an address that is not public, by its range; a public one, null', () => {
  const cases: [string, string | null][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['198.51.100.1', 'reserved'],
    ['203.0.113.5', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['localhost', 'invalid'],
    ['8.8.8.8', null],
    ['::ffff:8.8.8.8', null],
    ['2606:4700:4700::1111', null],
  ];
  for (const [address, range] of cases) assert.equal(nonPublicRange(address), range, address);
});
