// Tests for src/ingest/collect/address-guard.ts, so a publisher cannot point a collector inward: a collector reaches
// only public addresses, on its list, on every redirect hop and on every linked file, unless the operator names the
// host in KOHYO_FETCH_ALLOW_HOSTS.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../../../src/cli.js';
import { createFetcher, type FetchOutcome } from '../../../src/ingest/collect/fetcher.js';
import { runCollection } from '../../../src/ingest/collect/collection.js';
import { capturedIo } from '../../helpers/captured-io.js';
import {
  bodyRoute,
  startFixtureServer,
  steppingClock,
  tempDir,
  testSource,
  tsvList,
  tsvParser,
} from './collect-helpers.js';

const server = await startFixtureServer();
after(() => server.close());
/** The fixture server by another name, which resolves to the same loopback address. */
const byName = (path: string) => server.url(path).replace('//127.0.0.1:', '//localhost:');
const port = new URL(server.url('/')).port;

const SETTING = /not a public one: a collector reaches such a host only when KOHYO_FETCH_ALLOW_HOSTS names it/u;

function fetcherAllowing(...allowHosts: string[]) {
  const fetcher = createFetcher({ userAgent: 'test', sleep: async () => undefined, retries: 0, allowHosts });
  after(() => fetcher.close());
  return fetcher;
}

function failure(outcome: FetchOutcome): string {
  assert.equal(outcome.kind, 'failed', JSON.stringify(outcome));
  return outcome.kind === 'failed' ? outcome.error : '';
}

/** How many requests the fixture server saw for `path`. */
const seen = (path: string) => server.requests.filter((r) => r.path === path).length;

server.routes.set('/internal/admin.html', bodyRoute('<html>admin</html>'));
server.routes.set('/list.tsv', bodyRoute(tsvList(2)));
server.routes.set('/list.csv', bodyRoute(tsvList(2)));

test('a loopback address is refused before any connection, the refusal naming the setting; the host it names is reached', async () => {
  const before = seen('/list.tsv');
  const refused = failure(await fetcherAllowing().fetch(server.url('/list.tsv')));
  assert.match(refused, /^refused: 127\.0\.0\.1 is a loopback address, /u);
  assert.match(refused, SETTING);
  for (const url of [
    `http://[::1]:${port}/list.tsv`,
    `http://[::ffff:127.0.0.1]:${port}/list.tsv`,
    `http://0.0.0.0:${port}/list.tsv`,
  ])
    assert.match(failure(await fetcherAllowing().fetch(url)), SETTING, url);
  assert.equal(seen('/list.tsv'), before, 'no request reached the server');
  const allowed = await fetcherAllowing('127.0.0.1').fetch(server.url('/list.tsv'));
  assert.equal(allowed.kind, 'fetched');
});

test('a name that resolves to a loopback address is refused: the address it resolves to is checked, not the name', async () => {
  const before = seen('/list.tsv');
  const refused = failure(await fetcherAllowing('127.0.0.1').fetch(byName('/list.tsv')));
  assert.match(refused, /^refused: localhost resolves to a loopback address, /u);
  assert.match(refused, SETTING);
  assert.equal(seen('/list.tsv'), before);
  assert.equal((await fetcherAllowing('localhost').fetch(byName('/list.tsv'))).kind, 'fetched');
});

test('every redirect hop is checked as the first request is: a private address, the metadata service, a loopback name, another scheme, a loop', async () => {
  const hops: [string, string, RegExp][] = [
    [
      '/to-private',
      'http://10.0.0.1/admin',
      /^refused: 10\.0\.0\.1 is a private address \(RFC 1918\), .*\(redirected to http:\/\/10\.0\.0\.1\/admin\)$/u,
    ],
    [
      '/to-metadata',
      'http://169.254.169.254/latest/meta-data/',
      /^refused: 169\.254\.169\.254 is a link-local address \(the cloud metadata service among them\), /u,
    ],
    ['/to-cgnat', 'http://100.64.0.1/', /^refused: 100\.64\.0\.1 is a carrier-grade NAT's address/u],
    ['/to-ula', 'http://[fd00::1]/', /^refused: fd00::1 is a unique local address \(fc00::\/7\), /u],
    ['/to-localhost', byName('/internal/admin.html'), /^refused: localhost resolves to a loopback address, /u],
  ];
  const fetcher = fetcherAllowing('127.0.0.1');
  const before = seen('/internal/admin.html');
  for (const [path, location, refusal] of hops) {
    server.routes.set(path, (_q, r) => r.writeHead(302, { location }).end());
    const error = failure(await fetcher.fetch(server.url(path)));
    assert.match(error, refusal, path);
    assert.match(error, SETTING, path);
  }
  assert.equal(seen('/internal/admin.html'), before, 'the page behind the redirect was never asked for');

  server.routes.set('/to-file', (_q, r) => r.writeHead(302, { location: 'file:///etc/passwd' }).end());
  assert.match(
    failure(await fetcher.fetch(server.url('/to-file'))),
    /redirected to a file: address: only http and https are followed$/u,
  );
  server.routes.set('/loop', (_q, r) => r.writeHead(302, { location: '/loop' }).end());
  assert.match(failure(await fetcher.fetch(server.url('/loop'))), /^more than 5 redirects, the last from /u);

  // a redirect within the host the operator named is followed, and one to a host the operator names too
  server.routes.set('/to-admin', (_q, r) => r.writeHead(302, { location: '/internal/admin.html' }).end());
  const within = await fetcher.fetch(server.url('/to-admin'));
  assert.ok(within.kind === 'fetched');
  assert.equal(within.url, server.url('/internal/admin.html'));
  const named = await fetcherAllowing('127.0.0.1', 'localhost').fetch(server.url('/to-localhost'));
  assert.ok(named.kind === 'fetched');
  assert.equal(named.url, byName('/internal/admin.html'));
});

test('sources try and sources propose --url: refused by default, the message naming the setting; a redirect to loopback refused even from an allowed host', async () => {
  server.routes.set('/redir', (_q, r) => r.writeHead(302, { location: byName('/internal/admin.html') }).end());
  const dbPath = join(tempDir(), 'none.sqlite');
  const before = seen('/internal/admin.html');
  const byDefault = capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: dbPath } });
  assert.equal(await runCli(['sources', 'try', 'jftc-actions', '--url', server.url('/redir')], byDefault.io), 1);
  assert.match(
    byDefault.err.join('\n'),
    /^the list could not be read: refused: 127\.0\.0\.1 is a loopback address, /mu,
  );
  assert.match(byDefault.err.join('\n'), SETTING);
  const propose = capturedIo('2026-11-25T03:00:00Z', { env: { KOHYO_DB: dbPath } });
  assert.equal(await runCli(['sources', 'propose', '--url', server.url('/redir')], propose.io), 1);
  assert.match(propose.err.join('\n'), SETTING);

  const allowed = capturedIo('2026-11-25T03:00:00Z', {
    env: { KOHYO_DB: dbPath, KOHYO_FETCH_ALLOW_HOSTS: '127.0.0.1' },
  });
  assert.equal(await runCli(['sources', 'try', 'jftc-actions', '--url', server.url('/redir')], allowed.io), 1);
  const said = allowed.err.join('\n');
  assert.match(said, /refused: localhost resolves to a loopback address, /u);
  assert.match(said, /\(redirected to http:\/\/localhost:\d+\/internal\/admin\.html\)/u);
  assert.equal(seen('/internal/admin.html'), before, 'the internal page was never read as records');
});

test("a page's links to non-public addresses are refused link by link: each run fails naming its link and the setting", async () => {
  const links = {
    loopback: server.url('/list.csv'),
    metadata: 'http://169.254.169.254/latest/list.csv',
    private: 'http://10.1.2.3/list.csv',
  };
  const sources = Object.entries(links).map(([name, link]) => {
    server.routes.set(
      `/${name}.html`,
      bodyRoute(`<html><body><a href="${link}">一覧</a></body></html>`, 200, { 'content-type': 'text/html' }),
    );
    return { ...testSource(`test-${name}`, byName(`/${name}.html`)), format: 'csv' as const, list_link: '一覧' };
  });
  const before = seen('/list.csv');
  // the operator allows the pages' host by its name: the links' own hosts are not named
  const summary = await runCollection({
    dbPath: join(tempDir(), 'kohyo.sqlite'),
    sources,
    resolve: () => tsvParser,
    fetcher: fetcherAllowing('localhost'),
    clock: steppingClock('2026-11-20T00:00:00Z').now,
  });
  const errors = Object.fromEntries(summary.results.map((r) => [r.source.id, r.result.run.error ?? '']));
  assert.match(
    errors['test-loopback']!,
    /^http:\/\/127\.0\.0\.1:\d+\/list\.csv: refused: 127\.0\.0\.1 is a loopback address, /u,
  );
  assert.match(
    errors['test-metadata']!,
    /^http:\/\/169\.254\.169\.254\/latest\/list\.csv: refused: 169\.254\.169\.254 is a link-local address/u,
  );
  assert.match(errors['test-private']!, /^http:\/\/10\.1\.2\.3\/list\.csv: refused: 10\.1\.2\.3 is a private address/u);
  for (const error of Object.values(errors)) assert.match(error, SETTING);
  assert.deepEqual(
    summary.results.map((r) => r.result.run.outcome),
    ['failure', 'failure', 'failure'],
  );
  assert.equal(seen('/list.csv'), before, 'no linked file was fetched');
});
