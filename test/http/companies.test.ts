// GET /api/v1/companies through the real app over the demo database.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoDatabase, startServer, type TestServer } from '../helpers/server.js';
import { lookup } from '../helpers/demo-lookup.js';
import { normaliseCompanyName } from '../../src/domain/names.js';

let server: TestServer;
let db: ReturnType<typeof lookup>;
before(async () => {
  const path = await demoDatabase();
  server = await startServer({ dbPath: path });
  db = lookup(path);
});
after(async () => {
  db.close();
  await server.close();
});

interface Row {
  corporate_number: string;
  name: string;
  name_kana: string | null;
  name_en: string | null;
}

const COMPANY_KEYS = [
  'address', 'aliases', 'close_cause', 'closed_on', 'corporate_number', 'legal_form', 'match', 'name', 'name_en', 'name_kana',
  'record_counts', 'status', 'successor_corporate_number', 'updated_on',
].sort();

async function search(q: string, limit = 10) {
  const response = await server.get(`/api/v1/companies?q=${encodeURIComponent(q)}&limit=${limit}`);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** A company whose normalised name no other company shares, so that an exact query has one right answer. */
function uniqueCompany(where = '1'): Row {
  const rows = db.all<Row>(`SELECT corporate_number, name, name_kana, name_en FROM companies WHERE ${where} ORDER BY corporate_number`);
  const counts = new Map<string, number>();
  for (const row of db.all<{ name: string }>('SELECT name FROM companies')) {
    const key = normaliseCompanyName(row.name);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const row = rows.find((r) => counts.get(normaliseCompanyName(r.name)) === 1);
  assert.ok(row, `no unique company where ${where}`);
  return row;
}

test('an exact name finds the company first, with match name/exact, whatever the legal form is written as', async () => {
  const company = uniqueCompany("name LIKE '%株式会社%'");
  const core = normaliseCompanyName(company.name);
  for (const q of [company.name, core, `㈱${core}`, `(株)${core}`, `${core} 株式会社`]) {
    const body = await search(q);
    assert.equal(body.data.companies[0]?.corporate_number, company.corporate_number, q);
    assert.deepEqual(body.data.companies[0].match, { field: 'name', kind: 'exact' }, q);
  }
});

test('kana in katakana, hiragana or half-width finds the company by name_kana', async () => {
  const company = uniqueCompany('name_kana IS NOT NULL AND length(name_kana) >= 4');
  const hiragana = company.name_kana!.replace(/[\u30a1-\u30f6]/gu, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));
  for (const q of [company.name_kana!, hiragana]) {
    const body = await search(q);
    const found = body.data.companies.find((c: { corporate_number: string }) => c.corporate_number === company.corporate_number);
    assert.ok(found, `${q} should find ${company.name}`);
  }
});

test('the registered English name finds the company by name_en', async () => {
  const company = uniqueCompany('name_en IS NOT NULL');
  const body = await search(company.name_en!.toLowerCase());
  const found = body.data.companies.find((c: { corporate_number: string }) => c.corporate_number === company.corporate_number);
  assert.ok(found, company.name_en!);
  assert.equal(found.match.field, 'name_en');
});

test('a Corporate Number in any written form is an exact look-up', async () => {
  const company = uniqueCompany();
  const fullWidth = company.corporate_number.replace(/\d/gu, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  for (const q of [company.corporate_number, `T${company.corporate_number}`, fullWidth, `${company.corporate_number.slice(0, 4)}-${company.corporate_number.slice(4)}`]) {
    const body = await search(q);
    assert.equal(body.data.companies.length, 1, q);
    assert.equal(body.data.companies[0].corporate_number, company.corporate_number);
    assert.deepEqual(body.data.companies[0].match, { field: 'corporate_number', kind: 'exact' });
  }
});

test('a Corporate Number with a wrong check digit gives no companies and a notice', async () => {
  const company = uniqueCompany();
  const wrong = `${(Number(company.corporate_number[0]) + 1) % 10}${company.corporate_number.slice(1)}`;
  const body = await search(wrong);
  assert.deepEqual(body.data.companies, []);
  assert.match(body.meta.notice, /check digit/u);
});

test('prefix and partial matches, ranked exact, then prefix, then partial', async () => {
  const company = uniqueCompany('length(name) >= 8');
  const core = normaliseCompanyName(company.name);
  const prefix = await search([...core].slice(0, 3).join(''));
  assert.ok(prefix.data.companies.length > 0);
  const kinds = prefix.data.companies.map((c: { match: { kind: string } }) => ['exact', 'prefix', 'partial'].indexOf(c.match.kind));
  assert.deepEqual(kinds, [...kinds].sort((a: number, b: number) => a - b), 'ranked by match kind');
  assert.ok(prefix.data.companies.some((c: { corporate_number: string }) => c.corporate_number === company.corporate_number));
  const middle = [...core].slice(1, 5).join('');
  const partial = await search(middle);
  assert.ok(partial.data.companies.length > 0, middle);
});

test('one- and two-character queries are answered', async () => {
  const company = uniqueCompany();
  const core = normaliseCompanyName(company.name);
  for (const q of [[...core].slice(0, 1).join(''), [...core].slice(0, 2).join('')]) {
    const body = await search(q);
    assert.ok(body.data.companies.length > 0, q);
  }
});

test('a closed company shows its closure and successor; a former name finds the company and says so', async () => {
  const closed = db.one<{ corporate_number: string; successor_corporate_number: string }>(
    'SELECT corporate_number, successor_corporate_number FROM companies WHERE status = ? AND successor_corporate_number IS NOT NULL LIMIT 1', 'closed');
  const body = await search(closed.corporate_number);
  const company = body.data.companies[0];
  assert.equal(company.status, 'closed');
  assert.match(company.closed_on, /^\d{4}-\d{2}-\d{2}$/u);
  assert.equal(company.successor_corporate_number, closed.successor_corporate_number);
  assert.equal(typeof company.close_cause?.name, 'string');

  const former = db.one<{ name: string; corporate_number: string }>(
    `SELECT a.name, c.corporate_number FROM company_aliases a JOIN companies c ON c.id = a.company_id WHERE a.kind = 'former_name' LIMIT 1`);
  const byFormer = await search(former.name);
  const hit = byFormer.data.companies.find((c: { corporate_number: string }) => c.corporate_number === former.corporate_number);
  assert.ok(hit, former.name);
  assert.equal(hit.match.field, 'alias');
  assert.equal(hit.match.alias_kind, 'former_name');
  assert.ok(hit.aliases.some((a: { kind: string; name: string }) => a.kind === 'former_name' && a.name === former.name));
});

test('the company resource has exactly the contract fields, with labels for codes', async () => {
  const company = uniqueCompany();
  const body = await search(company.corporate_number);
  const shown = body.data.companies[0];
  assert.deepEqual(Object.keys(shown).sort(), COMPANY_KEYS);
  assert.deepEqual(Object.keys(shown.legal_form).sort(), ['code', 'name', 'name_en']);
  assert.deepEqual(Object.keys(shown.record_counts).sort(), ['enforcements', 'license_actions', 'procurement_suspensions']);
  assert.equal(body.meta.returned, 1);
  assert.equal(body.meta.has_more, false);
});

test('limit caps the list and has_more says when more matched', async () => {
  const body = await search('株式会社', 10);
  const few = await search(normaliseCompanyName(uniqueCompany().name).slice(0, 1), 2);
  assert.ok(few.data.companies.length <= 2);
  assert.equal(few.meta.limit, 2);
  assert.ok(body.data.companies.length <= 10);
});
