// Carrying the source registry into a database, so that coverage lists every source, collected or not.
import type { Db } from '../../store/database.js';
import { registerSource } from '../../store/source-writer.js';
import type { SourceRegistry } from './source-registry.js';

/** Registers (or brings up to date) every source of the registry in one transaction; returns how many. */
export function seedSourceRegistry(db: Db, registry: SourceRegistry): number {
  const seed = db.transaction(() => {
    for (const source of registry.sources) {
      registerSource(db, {
        id: source.id,
        publisher_code: source.publisher,
        record_kind: source.record_kind,
        url: source.url,
        title: source.title,
        format: source.format,
        parser: source.parser,
        counted_body: source.counted_body,
      });
    }
  });
  seed();
  return registry.sources.length;
}
