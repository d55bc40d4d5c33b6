// A client's own address scrubbed from a text from outside, in whatever form it was written, and the text cut.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressesIn, ADDRESS_PLACEHOLDER, addressScrubber, cut } from '../../src/domain/address-scrubber.js';

test('addresses written in a text, however written, as spans and what they read as', () => {
  const cases: [string, [string, string][]][] = [
    [
      'at 127.000.000.090 and ::FFFF:7F00:005A',
      [
        ['127.000.000.090', '127.0.0.90'],
        ['::FFFF:7F00:005A', '127.0.0.90'],
      ],
    ],
    ['[2001:0DB8::0042]:443', [['2001:0DB8::0042', '2001:db8:0:0:0:0:0:42']]],
    ['0:0:0:0:0:ffff:127.0.0.90:', [['0:0:0:0:0:ffff:127.0.0.90', '127.0.0.90']]],
    ['198.51.100.23:8080', [['198.51.100.23', '198.51.100.23']]],
    ['12:34:56, 1.2.3, 256.1.1.1, 1:2:3:4:5:6:7:8:9', []],
  ];
  for (const [text, expected] of cases) {
    const found = addressesIn(text).map(({ start, end, address }) => [text.slice(start, end), address.address]);
    assert.deepEqual(found, expected, text);
  }
});

// The one scrubber both logs use: a client's own address found in whatever form it is written, and a text cut.
test('issue 44: the scrubber finds the client address in any written form, and leaves other addresses alone', () => {
  // [client address, text, as kept]
  const P = ADDRESS_PLACEHOLDER;
  const cases: [string, string, string][] = [
    ['127.0.0.90', '/api/v1/127%2E0%2E0%2E90', `/api/v1/${P}`],
    ['127.0.0.90', '127%252E0%252E0%252E90', P],
    ['127.0.0.90', 'ops ::ffff:7f00:5a', `ops ${P}`],
    ['127.0.0.90', '::FFFF:7F00:005A', P],
    ['127.0.0.90', '0:0:0:0:0:ffff:7f00:5a', P],
    ['127.0.0.90', '0000:0000:0000:0000:0000:FFFF:7f00:005a', P],
    ['127.0.0.90', '::ffff:127.0.0.90', P],
    ['127.0.0.90', '0:0:0:0:0:ffff:127.000.000.090', P],
    ['127.0.0.90', '%3A%3Affff%3A7f00%3A5a', P],
    ['127.0.0.90', '127.000.000.090', P],
    ['127.0.0.90', '127.0.0.090:8080', `${P}:8080`],
    ['127.0.0.90', 'http://[::ffff:7f00:5a]:443/', `http://[${P}]:443/`],
    ['127.0.0.90', '１２７．０．０．９０', P],
    ['127.0.0.90', 'from 127.0.0.90 and 127.0.0.90.', `from ${P} and ${P}.`],
    ['::ffff:127.0.0.90', 'ip=127.0.0.90', `ip=${P}`],
    [
      '127.0.0.90',
      '127.0.0.91 ::ffff:7f00:5b 10.127.0.0 1270090 ::7f00:5a',
      '127.0.0.91 ::ffff:7f00:5b 10.127.0.0 1270090 ::7f00:5a',
    ],
    ['127.0.0.90', '127.0.0.9', '127.0.0.9'],
    ['2001:db8::42', '2001:DB8:0:0:0:0:0:42', P],
    ['2001:db8::42', '2001:0db8:0000:0000:0000:0000:0000:0042', P],
    ['2001:db8::42', '2001:db8:0::0:42', P],
    ['2001:db8::42', '2001%3Adb8%3A%3A42', P],
    ['2001:db8::42', 'id:2001:db8::42', `id:${P}`],
    ['2001:db8::42', '[2001:db8::42]:80', `[${P}]:80`],
    ['2001:db8::42', '2001:db8::43 2001:db8:1::42', '2001:db8::43 2001:db8:1::42'],
    ['::1', 'from ::1 or 0:0:0:0:0:0:0:1', `from ${P} or ${P}`],
    ['::1', 'a 12:34:56 time, 1.2.3.4', 'a 12:34:56 time, 1.2.3.4'],
  ];
  for (const [address, text, kept] of cases)
    assert.equal(addressScrubber(address)(text), kept, `${address} in ${text}`);
});

test('issue 54: the names hosts and resolvers give an address, and IPv4 short forms, are found too', () => {
  // [client address, text, as kept]
  const P = ADDRESS_PLACEHOLDER;
  const cases: [string, string, string][] = [
    ['127.0.0.5', '/api/v1/companies/ip-127-0-0-5.ec2.internal', `/api/v1/companies/ip-${P}.ec2.internal`],
    ['127.0.0.5', '5.0.0.127.in-addr.arpa', P],
    ['127.0.0.5', 'host 5.0.0.127.IN-ADDR.ARPA.', `host ${P}.`],
    ['127.0.0.5', '/api/v1/companies/127.0.5', `/api/v1/companies/${P}`],
    ['127.0.0.5', 'at 127.5 now', `at ${P} now`],
    ['127.0.0.5', '127-0-0-5.nip.io', `${P}.nip.io`],
    ['127.0.0.5', '127%2D0%2D0%2D5', P],
    ['127.0.0.5', '１２７－０－０－５', P],
    ['198.51.100.23', '198.51.25623 and 198.3367959', `${P} and ${P}`],
    ['2001:db8::42', '2001-db8--42.ipv6-literal.net', `${P}.ipv6-literal.net`],
    ['2001:db8::42', '2001-DB8-0-0-0-0-0-42', P],
    ['2001:db8::42', '2001-0db8-0000-0000-0000-0000-0000-0042', P],
    ['2001:db8::42', `${[...'20010db8000000000000000000000042'].reverse().join('.')}.ip6.arpa`, P],
    // whole numbers only: a price, a version, or another address's parts are not the short form
    [
      '127.0.0.5',
      '127.50 yen, 1127.0.5, 127.0.55, 127.0.5.1 v127.5.2',
      '127.50 yen, 1127.0.5, 127.0.55, 127.0.5.1 v127.5.2',
    ],
    ['127.0.0.5', 'ip-127-0-0-6 6.0.0.127.in-addr.arpa', 'ip-127-0-0-6 6.0.0.127.in-addr.arpa'],
    ['2001:db8::42', '2001-db8--43 2024-01-15', '2001-db8--43 2024-01-15'],
  ];
  for (const [address, text, kept] of cases)
    assert.equal(addressScrubber(address)(text), kept, `${address} in ${text}`);
});

test('a text is cut with a mark, and an address written across the window it is read in is not kept in part', () => {
  assert.equal(cut('a'.repeat(300)), 'a'.repeat(300));
  assert.equal(cut('a'.repeat(301)), `${'a'.repeat(299)}…`);
  const scrub = addressScrubber('127.0.0.5');
  const path = `/api/v1/companies/${'x'.repeat(480)}/ip-127-0-0-5.ec2.internal/${'y'.repeat(15_000)}`;
  const kept = cut(scrub(path));
  assert.equal(kept.length, 300);
  assert.ok(kept.endsWith('…'));
  assert.ok(!kept.includes('127'), kept);
});
