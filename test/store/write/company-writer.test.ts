import { companyIndexGaps } from '../../helpers/company-indexes.js';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { companyInput } from '../../helpers/company-input.js';
import type { CompanyInput } from '../../../src/domain/companies/company.js';
import { companySearchTerms } from '../../../src/domain/companies/company-terms.js';
import { createCompanyWriter, type CompanyWriter } from '../../../src/store/write/company-writer.js';
import { type Db } from '../../../src/store/schema/database.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';

const dir = mkdtempSync(join(tmpdir(), 'kohyo-company-writer-'));
let n = 0;

function company(overrides: Partial<CompanyInput> = {}): CompanyInput {
  return companyInput({
    corporate_number: '1010001001111',
    name: '株式会社エス・エイ・アイ',
    name_kana: 'エスエイアイ',
    address: {
      prefecture_code: '13',
      prefecture: '東京都',
      city: '千代田区',
      city_code: '13101',
      street: '神田須田町ニ丁目１９番２３号',
      postal_code: '1000000',
      outside: null,
      en: null,
    },
    aliases: [{ name: 'Esueiai', kind: 'romanized' }],
    ...overrides,
  });
}

const CN = '1010001001111';

function stored(db: Db, cn = CN) {
  return db.prepare('SELECT * FROM companies WHERE corporate_number = ?').get(cn) as
    Record<string, unknown> | undefined;
}
function aliases(db: Db, cn = CN) {
  return db
    .prepare(
      'SELECT a.kind, a.name FROM company_aliases a JOIN companies c ON c.id = a.company_id WHERE c.corporate_number = ? ORDER BY a.kind, a.name',
    )
    .all(cn) as { kind: string; name: string }[];
}
function terms(db: Db, cn = CN) {
  return db
    .prepare(
      'SELECT t.field, t.alias_kind, t.term FROM company_terms t JOIN companies c ON c.id = t.company_id WHERE c.corporate_number = ? ORDER BY t.field, t.term',
    )
    .all(cn) as { field: string; alias_kind: string | null; term: string }[];
}
/** Corporate numbers found through the trigram index for a query of three or more characters. */
function ftsFind(db: Db, query: string): string[] {
  return (
    db
      .prepare(
        `SELECT c.corporate_number AS cn FROM company_trigrams f JOIN companies c ON c.id = f.rowid
              WHERE company_trigrams MATCH ? ORDER BY 1`,
      )
      .all(`"${query}"`) as { cn: string }[]
  ).map((r) => r.cn);
}
function ftsIntact(db: Db): void {
  db.exec("INSERT INTO company_trigrams(company_trigrams) VALUES('integrity-check')");
  db.exec("INSERT INTO company_grams(company_grams) VALUES('integrity-check')");
  assert.deepEqual(companyIndexGaps(db), []);
}
function expectedTerms(input: {
  name: string;
  name_kana: string | null;
  name_en: string | null;
  aliases: { name: string; kind: 'romanized' | 'former_name' | 'brand' | 'english_unverified' }[];
}) {
  return companySearchTerms(input)
    .map((t) => ({ field: t.field, alias_kind: t.alias_kind, term: t.term }))
    .sort((a, b) =>
      a.field !== b.field ? (a.field < b.field ? -1 : 1) : a.term < b.term ? -1 : a.term > b.term ? 1 : 0,
    );
}
/** Every term instance an index holds, by the Corporate Number of its document (null for a company gone). */
function postings(db: Db, index: string): unknown[] {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${index}_instances USING fts5vocab(main, ${index}, instance)`);
  return db
    .prepare(
      `SELECT v.term, c.corporate_number, v.offset FROM temp.${index}_instances v LEFT JOIN companies c ON c.id = v.doc
       ORDER BY 1, 2, 3`,
    )
    .raw()
    .all();
}
function triggerNames(db: Db): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string }[]
  ).map((r) => r.name);
}

for (const bulk of [false, true]) {
  describe(`company writer${bulk ? ' in bulk' : ''}`, () => {
    let db: Db;
    let writer: CompanyWriter;
    // In bulk, each operation runs as a whole bulk of its own inside a transaction, and the checks happen after.
    const run = <T>(fn: () => T): T => {
      if (!bulk) return fn();
      db.exec('BEGIN');
      writer.startBulk();
      const result = fn();
      writer.finishBulk();
      db.exec('COMMIT');
      return result;
    };

    beforeEach(() => {
      db = openWritable(join(dir, `w${n++}.sqlite`));
      writer = createCompanyWriter(db);
    });

    it('inserts a company with its romanized alias, its terms and their trigram index', () => {
      assert.equal(
        run(() => writer.upsertCompany(company())),
        'inserted',
      );
      const row = stored(db)!;
      assert.equal(row.name, '株式会社エス・エイ・アイ');
      assert.equal(row.city_code, '13101');
      assert.equal(row.nta_changed_on, '2026-01-05');
      assert.deepEqual(aliases(db), [{ kind: 'romanized', name: 'Esueiai' }]);
      assert.deepEqual(terms(db), expectedTerms(company() as never));
      assert.deepEqual(ftsFind(db, 'エスエイ'), [CN]);
      assert.deepEqual(ftsFind(db, 'esuei'), [CN]);
      ftsIntact(db);
    });

    it('writes every field of the input to its own column, inserted and updated', () => {
      // every value distinct, so that two columns swapped in the writer cannot pass
      const fields = (tag: string, changedOn: string) =>
        company({
          name: `株式会社${tag}`,
          name_kana: `カナ${tag}`,
          name_en: `English ${tag}`,
          kind_code: `30${tag.length}`,
          legal_form: `form-${tag}`,
          address: {
            prefecture_code: `p-${tag}`,
            prefecture: `県${tag}`,
            city: `市${tag}`,
            city_code: `c-${tag}`,
            street: `番地${tag}`,
            postal_code: `z-${tag}`,
            outside: `外${tag}`,
            en: `Address ${tag}`,
          },
          status: 'closed',
          closed_on: `2025-0${tag.length}-01`,
          close_cause: `cause-${tag}`,
          successor_corporate_number: `s-${tag}`,
          updated_on: `2025-1${tag.length}-02`,
          changed_on: changedOn,
          aliases: [],
        });
      for (const [input, outcome] of [
        [fields('a', '2026-01-05'), 'inserted'],
        [fields('bb', '2026-02-05'), 'updated'],
      ] as const) {
        assert.equal(
          run(() => writer.upsertCompany(input)),
          outcome,
        );
        const { id: _id, ...row } = stored(db)!;
        const { address } = input;
        assert.deepEqual(row, {
          corporate_number: CN,
          name: input.name,
          name_kana: input.name_kana,
          name_en: input.name_en,
          kind_code: input.kind_code,
          legal_form: input.legal_form,
          prefecture_code: address.prefecture_code,
          prefecture: address.prefecture,
          city: address.city,
          city_code: address.city_code,
          street: address.street,
          postal_code: address.postal_code,
          address_outside: address.outside,
          address_en: address.en,
          status: input.status,
          closed_on: input.closed_on,
          close_cause: input.close_cause,
          successor_corporate_number: input.successor_corporate_number,
          updated_on: input.updated_on,
          nta_changed_on: input.changed_on,
          enforcement_count: 0,
          procurement_suspension_count: 0,
          license_action_count: 0,
        });
      }
    });

    it('says unchanged for the same row again, and older for an older one, changing nothing', () => {
      run(() => writer.upsertCompany(company()));
      const before = stored(db);
      assert.equal(
        run(() => writer.upsertCompany(company())),
        'unchanged',
      );
      assert.equal(
        run(() => writer.upsertCompany(company({ changed_on: '2026-01-04', name: '旧名株式会社' }))),
        'older',
      );
      assert.equal(
        run(() => writer.upsertCompany(company({ updated_on: '2026-01-26', city: 'x' } as never))),
        'older',
      );
      assert.deepEqual(stored(db), before);
      assert.deepEqual(aliases(db), [{ kind: 'romanized', name: 'Esueiai' }]);
    });

    it('updates from a newer row: state, romanized alias, terms; the old name becomes a former name', () => {
      run(() => writer.upsertCompany(company()));
      const newer = company({
        name: '株式会社ソアレ',
        name_kana: 'ソアレ',
        changed_on: '2026-01-20',
        status: 'closed',
        closed_on: '2026-01-20',
        close_cause: 'merger',
        aliases: [{ name: 'Soare', kind: 'romanized' }],
      });
      assert.equal(
        run(() => writer.upsertCompany(newer)),
        'updated',
      );
      const row = stored(db)!;
      assert.equal(row.name, '株式会社ソアレ');
      assert.equal(row.status, 'closed');
      assert.equal(row.close_cause, 'merger');
      // the old name and its readings (kana, romanized) are former names
      const former = [
        { kind: 'former_name', name: 'Esueiai' },
        { kind: 'former_name', name: 'エスエイアイ' },
        { kind: 'former_name', name: '株式会社エス・エイ・アイ' },
      ] as const;
      assert.deepEqual(aliases(db), [...former, { kind: 'romanized', name: 'Soare' }]);
      assert.deepEqual(terms(db), expectedTerms({ ...newer, aliases: [...former, ...newer.aliases] }));
      assert.deepEqual(ftsFind(db, 'エスエイアイ'), [CN]); // by its former name
      assert.deepEqual(ftsFind(db, 'esueiai'), [CN]); // by its former name's romanized reading, no longer a current alias
      assert.equal(writer.formerNamesAdded, 1);
      ftsIntact(db);
    });

    it('applies a row of the same dates whose content differs (a correction)', () => {
      run(() => writer.upsertCompany(company()));
      assert.equal(
        run(() => writer.upsertCompany(company({ address: { ...company().address, street: '別の番地' } }))),
        'updated',
      );
      assert.equal(stored(db)!.street, '別の番地');
    });

    it('keeps aliases of other kinds through an update', () => {
      run(() => writer.upsertCompany(company()));
      db.prepare("INSERT INTO company_aliases (company_id, kind, name) SELECT id, 'brand', 'SAI' FROM companies").run();
      run(() =>
        writer.upsertCompany(
          company({
            changed_on: '2026-01-20',
            name_kana: 'エスエーアイ',
            aliases: [{ name: 'Esuai', kind: 'romanized' }],
          }),
        ),
      );
      assert.deepEqual(aliases(db), [
        { kind: 'brand', name: 'SAI' },
        { kind: 'romanized', name: 'Esuai' },
      ]);
      assert.ok(terms(db).some((t) => t.alias_kind === 'brand'));
    });

    it('a name that comes back is no longer a former name', () => {
      run(() => writer.upsertCompany(company()));
      run(() => writer.upsertCompany(company({ name: '株式会社ビー', changed_on: '2026-01-10' })));
      run(() => writer.upsertCompany(company({ changed_on: '2026-01-15' })));
      assert.deepEqual(aliases(db), [
        { kind: 'former_name', name: '株式会社ビー' },
        { kind: 'romanized', name: 'Esueiai' },
      ]);
      ftsIntact(db);
    });

    it('adds a former name to a stored company once, never its current name', () => {
      run(() => writer.upsertCompany(company()));
      assert.equal(
        run(() => writer.addFormerName(CN, '株式会社稲穂クラブ')),
        'added',
      );
      assert.equal(
        run(() => writer.addFormerName(CN, '株式会社稲穂クラブ')),
        'known',
      );
      assert.equal(
        run(() => writer.addFormerName(CN, '株式会社エス・エイ・アイ')),
        'current',
      );
      assert.deepEqual(aliases(db), [
        { kind: 'former_name', name: '株式会社稲穂クラブ' },
        { kind: 'romanized', name: 'Esueiai' },
      ]);
      assert.deepEqual(ftsFind(db, '稲穂クラブ'), [CN]);
      assert.equal(writer.formerNamesAdded, 1);
      ftsIntact(db);
    });

    it('keeps a former name met before its company until the company comes', () => {
      run(() => {
        assert.equal(writer.addFormerName(CN, '株式会社稲穂クラブ'), 'pending');
        assert.equal(writer.addFormerName(CN, '株式会社エス・エイ・アイ'), 'pending'); // turns out to be the current name
        assert.equal(writer.addFormerName('1010001001879', '株式会社カナクボ'), 'pending'); // never comes
        writer.upsertCompany(company());
      });
      assert.deepEqual(aliases(db), [
        { kind: 'former_name', name: '株式会社稲穂クラブ' },
        { kind: 'romanized', name: 'Esueiai' },
      ]);
      assert.equal(writer.formerNamesAdded, 1);
      assert.equal(writer.takeUnclaimedFormerNames(), 1);
      assert.equal(writer.takeUnclaimedFormerNames(), 0);
      assert.equal(stored(db, '1010001001879'), undefined);
      ftsIntact(db);
    });

    it('deletes a company with its aliases and terms, unless what is stored is newer', () => {
      run(() => writer.upsertCompany(company()));
      run(() => writer.addFormerName(CN, '株式会社稲穂クラブ'));
      assert.equal(
        run(() => writer.deleteCompany(CN, '2026-01-01')),
        false,
      );
      assert.equal(
        run(() => writer.deleteCompany(CN, '2026-01-27')),
        true,
      );
      assert.equal(stored(db), undefined);
      assert.equal((db.prepare('SELECT count(*) AS n FROM company_aliases').get() as { n: number }).n, 0);
      assert.equal((db.prepare('SELECT count(*) AS n FROM company_terms').get() as { n: number }).n, 0);
      assert.deepEqual(ftsFind(db, '稲穂クラブ'), []);
      assert.equal(
        run(() => writer.deleteCompany(CN, null)),
        false,
      );
      ftsIntact(db);
    });

    it('counts companies', () => {
      run(() => {
        writer.upsertCompany(company());
        writer.upsertCompany(company({ corporate_number: '1010001001879', name: '株式会社カナクボ' }));
      });
      assert.equal(writer.countCompanies(), 2);
    });
  });
}

describe('company writer bulk mode', () => {
  it('indexes terms written and rewritten within one bulk, and restores the triggers', () => {
    const db = openWritable(join(dir, `w${n++}.sqlite`));
    const writer = createCompanyWriter(db);
    const triggers = triggerNames(db);
    writer.upsertCompany(
      company({ corporate_number: '1010001001879', name: '株式会社カナクボ', name_kana: 'カナクボ', aliases: [] }),
    );
    db.exec('BEGIN');
    writer.startBulk();
    assert.deepEqual(
      triggerNames(db).filter((t) => t.startsWith('company_terms')),
      [],
    );
    writer.upsertCompany(company());
    // rewritten in the same bulk: its first terms were never indexed, so they must not be unindexed either
    writer.upsertCompany(company({ name: '株式会社ソアレ', changed_on: '2026-01-20' }));
    writer.upsertCompany(
      company({
        corporate_number: '1010001001879',
        name: '株式会社カナクボ商店',
        name_kana: 'カナクボショウテン',
        changed_on: '2026-01-20',
        aliases: [],
      }),
    );
    writer.addFormerName(CN, '株式会社稲穂クラブ');
    writer.finishBulk();
    db.exec('COMMIT');
    assert.deepEqual(triggerNames(db), triggers);
    ftsIntact(db);
    assert.deepEqual(ftsFind(db, 'ソアレ'), [CN]);
    assert.deepEqual(ftsFind(db, '稲穂クラブ'), [CN]);
    assert.deepEqual(ftsFind(db, 'カナクボ'), ['1010001001879']);
    // terms are normalised (small kana full size, long-vowel marks dropped), so the index holds シヨウテン
    assert.deepEqual(ftsFind(db, 'シヨウテン'), ['1010001001879']);
    // and a company written after the bulk is indexed as it is written, as before
    writer.upsertCompany(company({ name: '株式会社ニューワールド', changed_on: '2026-01-25' }));
    assert.deepEqual(ftsFind(db, 'ニユワルド'), [CN]);
    ftsIntact(db);
  });

  for (const indexEveryTerms of [undefined, 7])
    it(`a new dataset written in bulk${indexEveryTerms === undefined ? '' : `, indexed every ${indexEveryTerms} terms,`} holds the terms, grams, indexes and trigram index of the same writes made one by one`, () => {
      // more terms than one INSERT takes, and companies rewritten while their terms still wait to be written or, in
      // short stretches, once they were indexed
      const writes = (writer: CompanyWriter) => {
        for (let i = 0; i < 120; i++) {
          const cn = `${1000 + i}`;
          writer.upsertCompany(
            company({
              corporate_number: cn,
              name: `株式会社テスト${i}商事`,
              name_kana: `テスト${i}シヨウジ`,
              aliases: [],
            }),
          );
          if (i % 7 === 0) writer.addFormerName(cn, `有限会社テスト${i}`);
          if (i % 11 === 0)
            writer.upsertCompany(
              company({ corporate_number: cn, name: `株式会社新テスト${i}`, changed_on: '2026-01-20', aliases: [] }),
            );
        }
        writer.deleteCompany('1005', null);
      };
      // ids differ (SQLite hands them out one by one, the bulk itself), so terms are compared by company and text
      const byTerm =
        'SELECT c.corporate_number, t.field, t.alias_kind, t.term FROM company_terms t JOIN companies c ON c.id = t.company_id';
      const byCompany = 'SELECT c.corporate_number';
      const content = (db: Db) => ({
        terms: db.prepare(`${byTerm} ORDER BY 1, 2, 3, 4`).all(),
        aliases: db
          .prepare(
            'SELECT c.corporate_number, a.kind, a.name FROM company_aliases a JOIN companies c ON c.id = a.company_id ORDER BY 1, 2, 3',
          )
          .all(),
        grams: db.prepare(`${byCompany} FROM company_grams g JOIN companies c ON c.id = g.rowid ORDER BY 1`).all(),
        gramHits: db
          .prepare(
            `${byCompany} FROM company_grams g JOIN companies c ON c.id = g.rowid WHERE company_grams MATCH 'テス' ORDER BY 1`,
          )
          .all(),
        gaps: companyIndexGaps(db),
        trigramPostings: postings(db, 'company_trigrams'),
        gramPostings: postings(db, 'company_grams'),
        trigramHits: ftsFind(db, 'テスト1'),
        schema: db
          .prepare("SELECT name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name")
          .all(),
      });
      const oneByOne = openWritable(join(dir, `w${n++}.sqlite`));
      writes(createCompanyWriter(oneByOne));
      const inBulk = openWritable(join(dir, `w${n++}.sqlite`));
      const writer = createCompanyWriter(inBulk, { indexEveryTerms });
      inBulk.exec('BEGIN');
      writer.startBulk();
      assert.equal(inBulk.prepare("SELECT 1 FROM sqlite_master WHERE name = 'company_terms_by_term'").get(), undefined);
      writes(writer);
      writer.finishBulk();
      inBulk.exec('COMMIT');
      assert.deepEqual(content(inBulk), content(oneByOne));
      ftsIntact(inBulk);
    });

  it('a rolled-back bulk leaves the triggers and the data as they were', () => {
    const db = openWritable(join(dir, `w${n++}.sqlite`));
    const writer = createCompanyWriter(db);
    const triggers = triggerNames(db);
    db.exec('BEGIN');
    writer.startBulk();
    writer.upsertCompany(company());
    db.exec('ROLLBACK');
    assert.deepEqual(triggerNames(db), triggers);
    assert.equal(writer.countCompanies(), 0);
  });

  it('refuses to start outside a transaction', () => {
    const db = openWritable(join(dir, `w${n++}.sqlite`));
    assert.throws(() => createCompanyWriter(db).startBulk(), /open transaction/u);
  });
});
