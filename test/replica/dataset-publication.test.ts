// Publishing a dataset and replicas following it, through real servers: a local HTTP server over a published folder
// and a local S3-compatible server (s3rver). A replica started with KOHYO_DATASET_URL downloads the dataset, then
// switches to a new publication under load without a failed request; corrupt or unreachable publications are refused
// and the old version kept.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeSync,
  closeSync,
  copyFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { prepareDataset, startService, type Service } from '../../src/service.js';
import { runPublishDataset } from '../../src/replica/publish-command.js';
import { measureFile, openBucket, type DatasetBucket } from '../../src/replica/dataset-bucket.js';
import { DatasetFollower } from '../../src/replica/dataset-follower.js';
import {
  MANIFEST_NAME,
  manifestFor,
  parseManifest,
  parseManifestUrl,
  parsePublishTarget,
  type DatasetManifest,
} from '../../src/domain/published-dataset.js';
import { demoDatabase } from '../helpers/server.js';
import { fetchAnswer } from '../helpers/test-response.js';
import { answerOf } from '../helpers/answers.js';
import { fixtureDatabase } from '../helpers/fixture-dataset.js';
import { startS3Server, type S3Server } from '../helpers/s3-server.js';
import { until } from '../helpers/until.js';

const silent = createLogger('silent');

/** Polls the replica every 50 ms until done() holds, failing after the deadline. */
const eventually = (done: () => boolean | Promise<boolean>, what: string, deadlineMs = 10_000) =>
  until(done, what, deadlineMs, 50);

async function publish(dbPath: string, to: string, s3Endpoint: string | null = null): Promise<string> {
  const out: string[] = [];
  const code = await runPublishDataset(['--to', to], {
    dbPath,
    s3Endpoint,
    stdout: (l) => void out.push(l),
    stderr: (l) => void out.push(l),
  });
  assert.equal(code, 0, out.join('\n'));
  return out.join('\n');
}

/** Serves a folder read-only over HTTP; `failing` makes every answer a 500. */
async function folderServer(dir: string): Promise<{ url: string; failing: boolean; close: () => Promise<void> }> {
  const state = { failing: false };
  const server: Server = createServer((request, response) => {
    const path = join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (state.failing) return void response.writeHead(500).end('down');
    if (!existsSync(path) || !statSync(path).isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-length': statSync(path).size });
    if (request.method === 'HEAD') return void response.end();
    createReadStream(path).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

interface Transport {
  readonly name: string;
  /** Where `publish-dataset --to` writes. */
  readonly target: string;
  /** KOHYO_DATASET_URL. */
  readonly manifestUrl: string;
  readonly s3Endpoint: string | null;
  readonly bucket: DatasetBucket;
  close(): Promise<void>;
  /** Makes the next manifest reads fail, where the transport can. */
  fail?: (failing: boolean) => void;
}

async function httpTransport(): Promise<Transport> {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-published-'));
  const server = await folderServer(dir);
  return {
    name: 'HTTP',
    target: dir,
    manifestUrl: `${server.url}/${MANIFEST_NAME}`,
    s3Endpoint: null,
    bucket: openBucket(parsePublishTarget(dir), { s3Endpoint: null }),
    close: server.close,
    fail: (f) => void (server.failing = f),
  };
}

async function s3Transport(): Promise<Transport> {
  const s3: S3Server = await startS3Server('datasets');
  return {
    name: 'S3',
    target: 's3://datasets/kohyo',
    manifestUrl: `s3://datasets/kohyo/${MANIFEST_NAME}`,
    s3Endpoint: s3.endpoint,
    bucket: openBucket(parsePublishTarget('s3://datasets/kohyo'), { s3Endpoint: s3.endpoint }),
    close: () => s3.close(),
  };
}

async function publishedManifest(t: Transport): Promise<DatasetManifest> {
  return parseManifest((await t.bucket.readText(MANIFEST_NAME))!);
}

for (const makeTransport of [httpTransport, s3Transport]) {
  describe(`a replica following a dataset published ${makeTransport === httpTransport ? 'to a folder served over HTTP' : 'to S3'}`, () => {
    let t: Transport;
    let replica: Service;
    let url: string;
    let replicaDb: string;
    before(async () => {
      t = await makeTransport();
      replicaDb = join(mkdtempSync(join(tmpdir(), 'kohyo-replica-')), 'kohyo.sqlite');
      const config = loadConfig({
        KOHYO_DB: replicaDb,
        KOHYO_DATASET_URL: t.manifestUrl,
        KOHYO_DATASET_POLL_S: '1',
        LOG_LEVEL: 'silent',
        KOHYO_LIMIT_PER_MINUTE: '1000000',
        KOHYO_LIMIT_PER_DAY: '100000000',
        KOHYO_USAGE_SECRET: 'replica-test',
        ...(t.s3Endpoint === null ? {} : { KOHYO_S3_ENDPOINT: t.s3Endpoint }),
      });
      assert.match(await publish(await demoDatabase(), t.target, t.s3Endpoint), /^published /u);
      // no dataset yet: the replica downloads the published one before it serves
      await prepareDataset(config, silent);
      replica = await startService(config, silent);
      await replica.app.listen({ host: '127.0.0.1', port: 0 });
      url = `http://127.0.0.1:${(replica.app.server.address() as { port: number }).port}`;
    });
    after(async () => {
      await replica.close();
      await t.close();
    });

    test('it serves the published version and reports it on /health; publishing it again changes nothing', async () => {
      const v1 = await publishedManifest(t);
      const health = answerOf(await fetchAnswer(url, '/health'));
      assert.deepEqual(health.dataset, { kind: 'demo', version: v1.built_at, published_version: v1.version });
      assert.match(await publish(await demoDatabase(), t.target, t.s3Endpoint), /^already published: /u);
      assert.deepEqual(await publishedManifest(t), v1);
      assert.equal((await measureFile(replicaDb)).sha256, v1.sha256);
    });

    test('a new publication is switched to under load, without one failed request', async () => {
      let stop = false;
      const failures: string[] = [];
      let answered = 0;
      const load = async () => {
        while (!stop) {
          try {
            const answer = await fetch(`${url}/api/v1/procurement-suspension-coverage`, {
              headers: { 'user-agent': 'replica-load' },
            });
            await answer.arrayBuffer();
            if (answer.status === 200) answered++;
            else failures.push(String(answer.status));
          } catch (error) {
            failures.push(String(error));
          }
        }
      };
      const loops = [load(), load(), load(), load()];
      await eventually(() => answered > 20, 'the replica answers under load');
      await publish(await fixtureDatabase(), t.target, t.s3Endpoint);
      const v2 = await publishedManifest(t);
      await eventually(
        async () => answerOf(await fetchAnswer(url, '/health')).dataset.published_version === v2.version,
        'the replica switches to the new publication',
        15_000,
      );
      const before = answered;
      await eventually(() => answered > before + 20, 'the replica answers after the switch');
      stop = true;
      await Promise.all(loops);
      assert.deepEqual(failures, []);
      const coverage = answerOf(await fetchAnswer(url, '/api/v1/procurement-suspension-coverage'));
      assert.equal(coverage.meta.dataset.kind, 'production');
      assert.deepEqual(
        readdirSync(join(replicaDb, '..')).filter((name) => name.includes('.download-')),
        [],
        'no download left behind',
      );
    });

    test('a corrupt publication is refused, and the version held is kept', async () => {
      const held = await publishedManifest(t);
      const copy = join(mkdtempSync(join(tmpdir(), 'kohyo-follower-')), 'kohyo.sqlite');
      copyFileSync(replicaDb, copy);
      copyFileSync(`${replicaDb}.published.json`, `${copy}.published.json`);
      const errors: string[] = [];
      let switched = 0;
      const follower = new DatasetFollower({
        bucket: openBucket(parseManifestUrl(t.manifestUrl), { s3Endpoint: t.s3Endpoint }),
        dbPath: copy,
        switchTo: () => void switched++,
        log: { info: () => {}, error: (o) => void errors.push(String((o as { err: Error }).err.message)) },
      });
      assert.equal(await follower.sync(), 'unchanged');
      // bytes that do not match the manifest's sha256
      await t.bucket.writeText(
        MANIFEST_NAME,
        JSON.stringify({
          ...manifestFor('2026-11-22T00:00:00Z', 'production', 'f'.repeat(64), held.size),
          file: held.file,
        }),
      );
      assert.equal(await follower.sync(), 'failed');
      assert.match(errors.at(-1)!, /sha256/u);
      // a file whose sha256 is right but whose pages are damaged
      const damaged = join(mkdtempSync(join(tmpdir(), 'kohyo-damaged-')), 'damaged.sqlite');
      copyFileSync(await fixtureDatabase(), damaged);
      const fd = openSync(damaged, 'r+');
      writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 4096 * 3);
      closeSync(fd);
      const measured = await measureFile(damaged);
      const bad = manifestFor('2026-11-22T01:00:00Z', 'production', measured.sha256, measured.size);
      await t.bucket.upload(bad.file, damaged);
      await t.bucket.writeText(MANIFEST_NAME, JSON.stringify(bad));
      assert.equal(await follower.sync(), 'failed');
      assert.match(errors.at(-1)!, /integrity|malformed|not a database/iu);
      if (t.fail) {
        t.fail(true);
        assert.equal(await follower.sync(), 'failed');
        assert.match(errors.at(-1)!, /500/u);
        t.fail(false);
      }
      assert.equal(switched, 0);
      assert.equal((await measureFile(copy)).sha256, held.sha256, 'the version held is untouched');
      assert.deepEqual(
        readdirSync(join(copy, '..')).filter((name) => name.includes('.download-')),
        [],
      );
      // the replica itself kept serving the version it held, answering all the while
      const health = answerOf(await fetchAnswer(url, '/health'));
      assert.equal(health.dataset.published_version, held.version);
      assert.equal(readFileSync(`${replicaDb}.published.json`, 'utf8').includes(held.sha256), true);
    });
  });
}
