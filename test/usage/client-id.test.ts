import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clientId, clientNetwork } from '../../src/usage/client-id.js';

test('clientNetwork: IPv4 as is, IPv4-mapped unwrapped, IPv6 by its /64, as the limiter groups', () => {
  const cases: [string, string][] = [
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:198.51.100.23', '198.51.100.23'],
    ['::FFFF:c633:6417', '198.51.100.23'],
    ['2001:db8:85a3:1234:5678:8a2e:370:7334', '2001:db8:85a3:1234::/64'],
    ['2001:0DB8:85A3:1234::1', '2001:db8:85a3:1234::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['203.0.113.7:51234', '203.0.113.7'],
    ['not an address', 'not an address'],
    [' Not An Address ', 'not an address'],
  ];
  for (const [address, network] of cases) assert.equal(clientNetwork(address), network, address);
});

test('clientId: one identifier per network and secret, 32 hex characters', () => {
  const id = clientId('secret', '2001:db8:85a3:1234:5678:8a2e:370:7334');
  assert.match(id, /^[0-9a-f]{32}$/u);
  assert.equal(clientId('secret', '2001:db8:85a3:1234::9'), id, 'same /64, same client');
  assert.notEqual(clientId('secret', '2001:db8:85a3:1235::9'), id, 'another /64');
  assert.notEqual(clientId('other secret', '2001:db8:85a3:1234::9'), id, 'another secret');
  assert.equal(clientId('secret', '::ffff:203.0.113.7'), clientId('secret', '203.0.113.7'));
  assert.notEqual(clientId('secret', '203.0.113.7'), clientId('secret', '203.0.113.8'));
});
