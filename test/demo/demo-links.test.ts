// The demo tells the truth about linking: every record it holds without a Corporate Number is one the pipeline's
// linking rule leaves unlinked over the demo's own register (read through the store's look-up), every record linked by
// name and address is the one the rule links; and no company page offers a record of another prefecture as possibly
// its own (it counts them instead).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { loadConfig } from '../../src/config.js';
import { NO_NAMESAKES, decideLink, linkSubject, placeOf } from '../../src/domain/companies/link-company.js';
import { RECORD_KINDS } from '../../src/domain/records/record.js';
import { createCompanyLinkQueries } from '../../src/store/read/company-link-queries.js';
import { RECORD_TABLES } from '../../src/store/schema/record-tables.js';
import { openStore, type Store } from '../../src/store/read/store.js';
import { companyPage } from '../../src/http/pages/page-data.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';

interface StoredCompanyRef {
  readonly id: string;
  readonly number: string | null;
  readonly link: string | null;
  readonly name: string;
  readonly prefecture_code: string | null;
  readonly address: string | null;
  readonly authority: string;
}

let path: string;
let refs: StoredCompanyRef[];
before(async () => {
  path = await demoDatabase();
  const db = new Database(path, { readonly: true });
  refs = RECORD_KINDS.flatMap((kind) =>
    db
      .prepare<[], StoredCompanyRef>(
        `SELECT id, company_corporate_number AS number, company_link AS link, company_name AS name,
           company_prefecture_code AS prefecture_code, company_address AS address, authority_code AS authority
         FROM ${RECORD_TABLES[kind].table}`,
      )
      .all(),
  );
  db.close();
});

test("every demo record without a number is one the linking rule leaves unlinked; every name_address link is the rule's", () => {
  const db = new Database(path, { readonly: true });
  const links = createCompanyLinkQueries(db);
  const wrong: string[] = [];
  for (const ref of refs.filter((r) => r.link !== 'source')) {
    const subject = linkSubject(ref.name);
    const place = placeOf(ref, ref.authority);
    const found = place.prefecture_code === null ? NO_NAMESAKES : links.namesakes(subject.key, place.prefecture_code);
    const decision = decideLink(subject, place, found);
    const linkedTo = decision.kind === 'linked' ? decision.corporate_number : null;
    if (linkedTo !== ref.number)
      wrong.push(`${ref.id} 「${ref.name}」 ${ref.address}: ${ref.number} / rule ${linkedTo}`);
  }
  db.close();
  assert.deepEqual(wrong, []);
  const kinds = new Set(refs.map((r) => r.link));
  assert.ok(kinds.has('name_address') && kinds.has(null), 'the demo shows both a link by name and address and none');
});

test('no company page offers a record of another prefecture as possibly its own, and each counts those it leaves out', () => {
  const store: Store = openStore(path);
  const context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
  const numbers = new Database(path, { readonly: true })
    .prepare<[], { n: string }>('SELECT corporate_number AS n FROM companies')
    .all()
    .map((row) => row.n);
  let offered = 0;
  let counted = 0;
  const elsewhere: string[] = [];
  for (const number of numbers) {
    const page = companyPage(context, number, 'demo-links-test');
    const { prefecture_code: prefecture } = page.company.address;
    for (const { record } of page.kinds.flatMap((kind) => kind.records)) {
      if (record.company.corporate_number !== null) {
        if (record.relation !== 'linked' && record.relation !== 'predecessor')
          elsewhere.push(`${number}: ${record.id} linked to ${record.company.corporate_number}: ${record.relation}`);
        continue;
      }
      offered++;
      const { prefecture_code: placedIn, address } = record.company;
      if (record.relation !== 'named' || (placedIn !== null && placedIn !== prefecture))
        elsewhere.push(`${number}: ${record.id} ${placedIn} ${address}`);
    }
    counted += page.namedElsewhere?.total ?? 0;
  }
  store.close();
  assert.deepEqual(elsewhere, []);
  assert.ok(offered > 0, 'some pages offer records that may be their own');
  assert.ok(counted > 0, 'some pages count records of their names placed elsewhere');
});
