// The vocabulary rows records point at (publisher groups, authorities), written from the domain vocabularies.
import { AUTHORITIES } from '../../domain/vocabularies/authorities.js';
import { PUBLISHER_GROUPS } from '../../domain/vocabularies/publisher-groups.js';
import type { Db } from '../schema/database.js';

/** Upserts every publisher group and authority; safe to run before every import. Nothing is deleted, as records may cite it. */
export function seedVocabularies(db: Db): void {
  const group = db.prepare(
    `INSERT INTO publisher_groups(code, name, name_en, sort_order, official_total)
     VALUES (@code, @name, @name_en, @sort_order, @official_total)
     ON CONFLICT(code) DO UPDATE SET name = excluded.name, name_en = excluded.name_en,
       sort_order = excluded.sort_order, official_total = excluded.official_total`,
  );
  const authority = db.prepare(
    `INSERT INTO authorities(code, name, name_en, group_code) VALUES (@code, @name, @name_en, @group_code)
     ON CONFLICT(code) DO UPDATE SET name = excluded.name, name_en = excluded.name_en, group_code = excluded.group_code`,
  );
  db.transaction(() => {
    for (const g of PUBLISHER_GROUPS) {
      group.run({
        code: g.code,
        name: g.name,
        name_en: g.name_en,
        sort_order: g.sort_order,
        official_total: g.official_total,
      });
    }
    for (const a of AUTHORITIES) authority.run({ code: a.code, name: a.name, name_en: a.name_en, group_code: a.group });
  })();
}
