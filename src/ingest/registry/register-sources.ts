// Carrying registry entries into a dataset, so that coverage lists every source, collected or not.
import type { Db } from '../../store/schema/database.js';
import { removeUncollectedSource, sourceRegistrar } from '../../store/write/source-writer.js';
import type { SourceEntry } from './source-entry.js';

/**
 * Registers (or brings up to date) each source in one transaction; the records citing them are untouched. The unread
 * lists a module reads now under an id of its own (`retired`) are taken out, where never collected.
 */
export function registerSources(db: Db, sources: readonly SourceEntry[], retired: readonly string[] = []): void {
  db.transaction(() => {
    for (const id of retired) removeUncollectedSource(db, id);
    const register = sourceRegistrar(db);
    for (const source of sources) {
      register({
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
  })();
}
