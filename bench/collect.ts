// Collection end to end: 50 fixture sources served by local HTTP servers, fetched, parsed, linked, published.
// Usage: node --import tsx bench/collect.ts [--sources 50] [--records 200]
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCollection } from '../src/ingest/collect/collection.js';
import { createFetcher } from '../src/ingest/collect/fetcher.js';
import {
  etagRoute,
  FIXTURE_HOSTS,
  startFixtureServer,
  tempDir,
  testSource,
  tsvList,
  tsvParser,
} from '../test/ingest/collect/collect-helpers.js';

const { values } = parseArgs({
  options: { sources: { type: 'string', default: '50' }, records: { type: 'string', default: '200' } },
});
const sourceCount = Number(values.sources);
const recordCount = Number(values.records);
const HOSTS = 5; // one request at a time per host: five servers (ports) stand for five publishers' sites

// a new production dataset: collections refuse the demo's (DatasetKindError), which this bench once wrote into
const live = join(tempDir(), 'kohyo.sqlite');
const servers = await Promise.all(Array.from({ length: HOSTS }, () => startFixtureServer()));
const sources = Array.from({ length: sourceCount }, (_, i) => {
  const server = servers[i % HOSTS]!;
  server.routes.set(`/list-${i}.tsv`, etagRoute(tsvList(recordCount, `源${i}`), `"v${i}"`));
  return testSource(`bench-${i}`, server.url(`/list-${i}.tsv`));
});
// the five local hosts are the operator's own (KOHYO_FETCH_ALLOW_HOSTS): a collector reaches no loopback address else
const fetcher = createFetcher({
  userAgent: 'Kohyo/1.0 (bench)',
  sleep: async () => undefined,
  allowHosts: FIXTURE_HOSTS,
});

async function timed(label: string): Promise<void> {
  const started = performance.now();
  const summary = await runCollection({
    dbPath: live,
    sources,
    resolve: () => tsvParser,
    fetcher,
    clock: () => new Date(),
  });
  const ms = performance.now() - started;
  const outcomes = new Map<string, number>();
  for (const { result } of summary.results)
    outcomes.set(result.run.outcome, (outcomes.get(result.run.outcome) ?? 0) + 1);
  const published = summary.results.reduce((n, r) => n + r.result.published, 0);
  console.log(
    `${label}: ${(ms / 1000).toFixed(2)} s, ${[...outcomes].map(([k, v]) => `${v} ${k}`).join(', ')}, ${published} records published`,
  );
}

console.log(
  `${sourceCount} sources x ${recordCount} records over ${HOSTS} local hosts, into a new production dataset; ${cpus().length} cores, Node ${process.version}`,
);
await timed('first collection (every list fetched, parsed, linked, published)');
await timed('second collection (every list unchanged: 304)');
await fetcher.close();
await Promise.all(servers.map((s) => s.close()));
