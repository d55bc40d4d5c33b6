import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildUsageEntry,
  searchConditions,
  usageEntryBuilder,
  ADDRESS_PLACEHOLDER,
  type FinishedRequest,
} from '../../src/usage/usage-entry.js';
import { clientId } from '../../src/usage/client-id.js';

const AT = new Date('2026-11-21T03:04:05.678Z');

function finished(overrides: Partial<FinishedRequest> = {}): FinishedRequest {
  return {
    at: AT,
    method: 'GET',
    path: '/api/v1/companies',
    route: '/api/v1/companies',
    query: 'q=%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE%E3%83%88%E3%83%A8%E3%82%BF&limit=5',
    status: 200,
    errorCode: null,
    returned: 3,
    latencyMs: 1.23456,
    address: '203.0.113.7',
    userAgent: 'research-bot/1.0',
    referer: 'https://example.org/page',
    clientName: 'acme-research',
    clientContact: 'ops@example.org',
    ...overrides,
  };
}

test('an entry carries what the request was and how it was answered', () => {
  assert.deepEqual(buildUsageEntry(finished(), 'secret'), {
    at: '2026-11-21T03:04:05.678Z',
    method: 'GET',
    endpoint: '/api/v1/companies',
    conditions: '{"limit":"5","q":"トヨタ"}',
    status: 200,
    code: null,
    returned: 3,
    latencyMs: 1.235,
    clientId: clientId('secret', '203.0.113.7'),
    userAgent: 'research-bot/1.0',
    referer: 'https://example.org/page',
    clientName: 'acme-research',
    clientContact: 'ops@example.org',
  });
});

test("the endpoint is the route, or one bucket for every path none took (its path is the client's to choose); the code only on an error", () => {
  const cases: [Partial<FinishedRequest>, string, number, string | null][] = [
    [{ status: 400, errorCode: 'missing_parameter', returned: null }, '/api/v1/companies', 400, 'missing_parameter'],
    [{ route: null, path: '/api/v1/nothing/here', status: 404, errorCode: 'not_found' }, '/api/v1/*', 404, 'not_found'],
    [
      { route: null, path: '/api/v1/companies', method: 'POST', status: 405, errorCode: 'method_not_allowed' },
      '/api/v1/*',
      405,
      'method_not_allowed',
    ],
    [{ status: 200, errorCode: 'ignored' }, '/api/v1/companies', 200, null],
    [{ status: 429, errorCode: 'rate_limited' }, '/api/v1/companies', 429, 'rate_limited'],
  ];
  for (const [overrides, endpoint, status, code] of cases) {
    const entry = buildUsageEntry(finished(overrides), 'secret');
    assert.deepEqual([entry.endpoint, entry.status, entry.code], [endpoint, status, code], JSON.stringify(overrides));
  }
});

test('search conditions: terms normalised as the search reads them, empty values dropped, unknown names kept', () => {
  const cases: [string, string][] = [
    ['q=%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE%E3%83%88%E3%83%A8%E3%82%BF', '{"q":"トヨタ"}'],
    ['company=TOYOTA+MOTOR+CORPORATION&authority=jftc', '{"authority":"jftc","company":"toyotamotor"}'],
    ['corporate_number=%EF%BC%91180301018771', '{"corporate_number":"1180301018771"}'],
    ['corporate_number=1180-3010-18771', '{"corporate_number":"1180301018771"}'],
    ['q=&company=%20%20&limit=3', '{"limit":"3"}'],
    ['offset=100&frobnicate=1', '{"frobnicate":"1","offset":"100"}'],
    ['q=a&q=b', '{"q":["a","b"]}'],
    ['', '{}'],
  ];
  for (const [query, conditions] of cases) assert.equal(searchConditions(query), conditions, query);
});

test('headers left out are null; long values are cut', () => {
  const entry = buildUsageEntry(
    finished({
      userAgent: undefined,
      referer: '  ',
      clientName: undefined,
      clientContact: undefined,
      query: `q=${'x'.repeat(1000)}`,
    }),
    'secret',
  );
  assert.deepEqual([entry.userAgent, entry.referer, entry.clientName, entry.clientContact], [null, null, null, null]);
  assert.equal((JSON.parse(entry.conditions) as { q: string }).q.length, 300);
});

test('no field of an entry holds the client address in any form (IPv4, IPv6 full or compressed, IPv4-mapped)', () => {
  // the address as the server hands it over, and the forms a client might write it in
  const cases: [string, string[]][] = [
    ['203.0.113.7', ['203.0.113.7']],
    ['2001:db8:85a3:1234:5678:8a2e:370:7334', ['2001:db8:85a3:1234:5678:8a2e:370:7334']],
    ['2001:db8::42', ['2001:db8::42', '2001:db8:0:0:0:0:0:42']],
    // behind a trusted proxy the address arrives in full, as the limiter reads it, and may be echoed compressed
    ['2001:db8:0:0:0:0:0:42', ['2001:db8:0:0:0:0:0:42', '2001:db8::42']],
    ['::ffff:198.51.100.23', ['::ffff:198.51.100.23', '198.51.100.23']],
    ['::1', ['::1', '0:0:0:0:0:0:0:1']],
  ];
  for (const [address, forms] of cases) {
    const first = forms[0]!;
    const last = forms[forms.length - 1]!;
    // a client may also write its own address into what it sends; that is scrubbed too
    const plain = buildUsageEntry(finished({ address }), 'secret');
    const echoed = buildUsageEntry(
      finished({
        address,
        path: `/api/v1/${last}`,
        route: null,
        query: `q=${encodeURIComponent(last)}&${encodeURIComponent(first)}=1`,
        userAgent: `bot from ${forms.join(' and ')}`,
        referer: `http://[${last}]/`,
        clientName: first,
        clientContact: last,
      }),
      'secret',
    );
    for (const entry of [plain, echoed]) {
      const text = JSON.stringify(entry);
      for (const form of forms) assert.ok(!text.toLowerCase().includes(form.toLowerCase()), `${form} in ${text}`);
    }
    assert.ok(JSON.stringify(echoed).includes(ADDRESS_PLACEHOLDER));
    assert.equal(echoed.clientId, plain.clientId);
  }
});

test('each entry is stamped with its own instant, as toISOString writes it, when several share a millisecond or alternate', () => {
  const instants = [
    '2026-11-21T03:04:05.678Z',
    '2026-11-21T03:04:05.678Z',
    '2026-11-21T03:04:05.679Z',
    '2026-11-21T03:04:05.678Z',
    '1999-12-31T23:59:59.999Z',
  ].map((text) => new Date(text));
  const build = usageEntryBuilder('secret');
  assert.deepEqual(
    instants.map((at) => build(finished({ at })).at),
    [
      '2026-11-21T03:04:05.678Z',
      '2026-11-21T03:04:05.678Z',
      '2026-11-21T03:04:05.679Z',
      '2026-11-21T03:04:05.678Z',
      '1999-12-31T23:59:59.999Z',
    ],
  );
});
