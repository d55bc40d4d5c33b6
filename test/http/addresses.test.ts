// One address for each company and record: the company and record endpoints by number and id, the links every answer
// carries, and each number or id a distinct term for the enumeration rule.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { errorOfAnswer } from '../helpers/answers.js';

let server: TestServer;
before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
});
after(() => server.close());

interface Linked {
  readonly id?: string;
  readonly corporate_number?: string | null;
  readonly links: { readonly self: string; readonly html: string };
}

async function json(path: string): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

test('every company and record of a list links to its own address, which answers it alone', async () => {
  const lists = [
    ['/api/v1/companies?q=hokushin', 'companies', 'company'],
    ['/api/v1/enforcements?authority=jftc', 'enforcements', 'enforcement'],
    ['/api/v1/procurement-suspensions?reason=bid_rigging', 'procurement_suspensions', 'procurement_suspension'],
    ['/api/v1/license-actions?sector=construction', 'license_actions', 'license_action'],
  ] as const;
  for (const [path, list, single] of lists) {
    const { status, body } = await json(path);
    assert.equal(status, 200, path);
    const rows = body.data[list] as Linked[];
    assert.ok(rows.length > 0, path);
    for (const row of rows) {
      const key = row.id ?? row.corporate_number ?? '';
      assert.ok(row.links.self.endsWith(`/${key}`), `${path}: ${row.links.self}`);
      assert.ok(row.links.html.endsWith(`/${key}`), `${path}: ${row.links.html}`);
      assert.ok(row.links.html.startsWith(list === 'companies' ? '/companies/' : '/records/'), row.links.html);
    }
    const first = rows[0]!;
    const alone = await json(first.links.self);
    assert.equal(alone.status, 200, first.links.self);
    // `match` says how a search found the company; at its address it is found by its number
    const { match: _found, ...shown } = first as Linked & { match?: unknown };
    const { match: _asked, ...answered } = alone.body.data[single] as Linked & { match?: unknown };
    assert.deepEqual(answered, shown, `${first.links.self} answers what the list showed`);
  }
});

test('an unknown number or id is 404 not_found, a number that cannot be one 400, and the address takes no query', async () => {
  const cases = [
    ['/api/v1/enforcements/enf_0000000000000000', 404, 'not_found'],
    // an id of another kind names no record of this one
    ['/api/v1/license-actions/enf_0000000000000000', 404, 'not_found'],
    [`/api/v1/enforcements/enf_${'x'.repeat(90)}`, 404, 'not_found'],
    ['/api/v1/companies/1234567890123', 400, 'invalid_corporate_number'],
    ['/api/v1/companies/abc', 400, 'invalid_corporate_number'],
    ['/api/v1/companies/8999999000001?limit=2', 400, 'unknown_parameter'],
  ] as const;
  for (const [path, status, code] of cases) {
    const response = await server.get(path);
    assert.equal(response.status, status, path);
    const error = errorOfAnswer(response);
    assert.equal(error.code, code, path);
    assert.ok(error.message.length < 200, `${path}: the message does not echo the whole value`);
  }
  const full = await server.get('/api/v1/companies/８９９９－９９９０－００００１');
  assert.equal(full.status, 200, 'full-width digits and hyphens are a number as people write it');
});

let limited: LimitedServer;
before(async () => {
  limited = await limitedServer({ KOHYO_ENUM_DISTINCT_TERMS: '3', KOHYO_LIMIT_PER_MINUTE: '100' });
});
after(() => limited.close());

test('the addresses are counted, and each distinct id is a distinct term for the enumeration rule', async () => {
  const first = await limited.get('/api/v1/enforcements/enf_0000000000000001');
  assert.equal(first.status, 404);
  assert.ok(first.headers.get('ratelimit'), 'a 404 of an address is counted');
  const statuses = [];
  for (const n of [2, 3, 4]) statuses.push((await limited.get(`/api/v1/enforcements/enf_000000000000000${n}`)).status);
  assert.deepEqual(statuses, [404, 404, 429]);
  const refused = await limited.get('/api/v1/enforcements/enf_0000000000000005');
  assert.equal(errorOfAnswer(refused).code, 'automated_enumeration_detected');
});
