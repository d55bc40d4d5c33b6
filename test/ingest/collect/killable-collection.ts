// A collection that stops in the middle of its parse and waits there, for a test to SIGKILL it.
// Usage: node --import tsx killable-collection.ts DB_PATH LIST_FILE
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { createFetcher } from '../../../src/ingest/collect/fetcher.js';
import { testSource } from './collect-helpers.js';

const [dbPath, listFile] = process.argv.slice(2) as [string, string];
setInterval(() => undefined, 60_000); // keeps the process alive while the parse waits
await runCollection({
  dbPath,
  sources: [testSource('test-killed', 'https://example.go.jp/list.tsv')],
  resolve: () => () => {
    process.stdout.write('parsing\n');
    return new Promise(() => undefined);
  },
  fetcher: createFetcher({ userAgent: 'test', sleep: async () => undefined }),
  clock: () => new Date(),
  file: listFile,
});
