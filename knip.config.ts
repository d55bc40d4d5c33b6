// What knip (`npm run lint`) reads as the project's entry points: every program a person, a script or a worker thread
// starts by path. Anything these do not reach, and any export nothing imports, is dead code and fails the lint.
import type { KnipConfig } from 'knip';

// The tests are entry points too, so an export the tests alone import counts as used. Each such export today (80
// exports and 9 types, which `knip --production` with the production entries marked lists) is one of three kinds the
// project keeps on purpose: a pure function its table of cases tests directly (names.ts, xml-writer.ts,
// sequential-run.ts, usage-entry.ts ...), a bound a test asserts through its one definition instead of a copied number
// (MAX_ECHOED, CLIENT_KEY_CACHE_ENTRIES ...), or a seam the tests build the real app or store through (storeFromConfig,
// lockPathFor). An export nothing imports, tests included, fails the lint.
const config: KnipConfig = {
  entry: [
    'src/main.ts',
    'src/cli.ts',
    // started by path as worker threads (src/worker-start.ts), so no import reaches them
    'src/ingest/collect/parse-worker.ts',
    'src/ingest/nta/nta-parse-worker.ts',
    'src/store/write/parallel-check-worker.ts',
    'scripts/*.{mjs,ts}',
    // the benchmarks run as `node --import tsx bench/<name>.ts` (bench/README.md), beside those package.json names;
    // bench/serve.ts is the server process bench/server-process.ts starts
    'bench/{collect,collect-real,dearest-answers,draft-check,draft-cost,idle-latency,large-list,limiter-state,long-gram-lookups,namesake-links,nta-same-database,plumbing-libraries,prefecture-coverage,record-text-pages,scale-parts,search-answer,search-answers-ab,serve,startup,static-answer-cost}.ts',
    'test/**/*.test.ts',
    // a source module's tests beside it
    'src/**/*.test.ts',
    // the source modules, found by their folders (src/ingest/registry/source-folders.ts) and imported by path
    'src/ingest/sources/*/{source,parser}.ts',
    // fixture writers run by hand (their first lines say how), and a collection a test starts by path to kill it
    'test/fixtures/**/make-*.ts',
    'test/ingest/collect/killable-collection.ts',
    // client.ts is the module a user of the API imports: its exports are its interface
    'clients/typescript/{client,generate,usage}.ts',
  ],
  project: [
    'src/**/*.{ts,tsx}',
    'scripts/**/*.{mjs,ts}',
    'bench/**/*.ts',
    'demo/**/*.ts',
    'test/**/*.ts',
    'clients/**/*.ts',
  ],
  // system programs the tests run (scripts/test-prerequisites.ts installs them; mkfifo is coreutils'), not npm packages
  ignoreBinaries: ['redis-server', 'mkfifo'],
  ignoreDependencies: [
    // run from node_modules/.bin by test/http/openapi-lint.test.ts, which no import shows
    '@redocly/cli',
    '@stoplight/spectral-cli',
    // its script file is read by path (axe-core/axe.min.js) into the browser page by test/http/pages-browser.test.ts
    'axe-core',
    // TypeScript 7's compiler, started by path (scripts/build.mjs resolves its package.json), which no import shows
    'typescript-go',
  ],
  ignoreIssues: {
    // parseOnThread is a step of the collection's walk in docs/architecture.md, and test/docs/architecture-walk.test.ts
    // holds every function the walk names to its file's exports
    'src/ingest/collect/parse-thread.ts': ['exports'],
    // the default page size is the largest by decision, and callers name whichever of the two they mean
    'src/api/schemas/queries.ts': ['duplicates'],
  },
};

export default config;
