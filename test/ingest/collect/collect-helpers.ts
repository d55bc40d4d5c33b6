// Test fixtures for the collectors: a tiny TSV parser and registry entry, a local HTTP server, clocks, companies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { skippedRow, type SkippedRow } from '../../../src/domain/skipped-row.js';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import type { SourceEntry } from '../../../src/ingest/registry/source-entry.js';
import { after } from 'node:test';
import { createFetcher, type Fetcher } from '../../../src/ingest/collect/fetcher.js';
import {
  parsedList,
  parseFailure,
  type ParserResolver,
  type SourceParser,
} from '../../../src/ingest/parsers/source-parser.js';
import type { RecordInput } from '../../../src/domain/records/record-input.js';
import { corporateNumberFromBase } from '../../../src/domain/companies/corporate-number.js';
import { openWritable } from '../../../src/store/write/database-upgrade.js';
import type { Db } from '../../../src/store/schema/database.js';
import { createCompanyWriter } from '../../../src/store/write/company-writer.js';
import type { CompanyInput } from '../../../src/domain/companies/company.js';
import { capturedIo } from '../../helpers/captured-io.js';

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'kohyo-collect-'));
}

/** A procurement-suspension list of the Tokyo Metropolitan Government, read by the test parser. */
export function testSource(id: string, url: string, publisher = 'pref_13'): SourceEntry {
  return {
    id,
    publisher,
    record_kind: 'procurement_suspension',
    title: `test list ${id}`,
    url,
    url_kind: 'list_file',
    format: 'csv',
    parser: 'csv-table',
    publisher_group: publisher.startsWith('pref_') ? 'prefecture' : 'national',
    counted_body: publisher,
  };
}

/**
 * The test-only parser: one suspension a line, `name<TAB>address<TAB>from<TAB>to<TAB>reason words`.
 * A line reading `BROKEN` fails the parse, as a moved column would.
 */
export const tsvParser: SourceParser = (bytes, { source, url, retrieved_at }) => {
  const text = Buffer.from(bytes).toString('utf8');
  const records: RecordInput[] = [];
  const skipped: SkippedRow[] = [];
  const warnings: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    // a comment line is a row left out on purpose, with its reason, as a real list's note rows are
    if (line.startsWith('#')) {
      skipped.push(skippedRow(index + 1, 'a note, not a record', [line.slice(1).trim()]));
      continue;
    }
    if (line.trim() === 'BROKEN') return parseFailure(`line ${index + 1}: the columns are not where they were`);
    const [name = '', address = '', from = '', to = '', words = ''] = line.split('\t');
    records.push({
      kind: 'procurement_suspension',
      company: { name, address },
      authority: source.publisher,
      source: { id: source.id, url, title: source.title, published_on: null, retrieved_at },
      reason: 'bid_rigging',
      reason_detail: words,
      period: { from, to: to === '' ? null : to },
    });
  }
  return parsedList(records, null, skipped, warnings);
};

/** The test parser, with the list's own date read from a first line `@YYYY-MM-DD` (as MHLW's cover gives 最終更新日). */
export const datedTsvParser: SourceParser = async (bytes, context) => {
  const text = Buffer.from(bytes).toString('utf8');
  const date = /^@(\d{4}-\d{2}-\d{2})\n/u.exec(text)?.[1] ?? null;
  const parsed = await tsvParser(Buffer.from(date === null ? text : text.slice(12)), context);
  if (!parsed.ok) return parsed;
  return parsedList(
    parsed.records.map((r) => ({ ...r, source: { ...r.source, published_on: date } })),
    null,
  );
};

export const testResolver: ParserResolver = () => tsvParser;

/** Offline runs never fetch: a fetcher that fails the test if asked. */
export const noNetwork: Fetcher = {
  fetch: () => assert.fail('an offline collection fetched'),
  close: async () => undefined,
};

/** The io of an offline `collect` (and `sources`) over test sources read by the test parser; what it prints is kept. */
export function offlineIo(dbPath: string, sources: readonly SourceEntry[], at = '2026-11-20T00:00:00Z') {
  const registry = { sources, get: (id: string) => sources.find((s) => s.id === id) };
  return capturedIo(at, { dbPath, contact: null, registry, resolve: testResolver, fetcher: noNetwork });
}

/** `n` suspension lines with distinct company names (`<prefix>建設<i>`) in Chiyoda, Tokyo. */
export function tsvList(n: number, prefix = '見本'): string {
  const lines: string[] = [];
  for (let i = 1; i <= n; i++) {
    lines.push(
      [`${prefix}建設${i}株式会社`, '東京都千代田区霞が関1-1', `2025-0${1 + (i % 9)}-01`, '2025-12-31', '談合'].join(
        '\t',
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface FixtureServer {
  readonly url: (path: string) => string;
  /** Every request seen, in order: path and headers. */
  readonly requests: { path: string; headers: IncomingMessage['headers'] }[];
  routes: Map<string, Route>;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 at a free port, answering each path from `routes` (404 otherwise). */
export async function startFixtureServer(routes: Record<string, Route> = {}): Promise<FixtureServer> {
  const requests: FixtureServer['requests'] = [];
  const table = new Map(Object.entries(routes));
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const route = table.get(path);
    if (route === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    get routes() {
      return table;
    },
    set routes(value) {
      table.clear();
      for (const [k, v] of value) table.set(k, v);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A list served with an ETag; a request carrying that ETag is answered 304. */
export function etagRoute(body: string, etag: string): Route {
  return (request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/tab-separated-values; charset=utf-8', etag }).end(body);
  };
}

export function bodyRoute(body: string | Buffer, status = 200, headers: Record<string, string> = {}): Route {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/octet-stream', ...headers }).end(body);
  };
}

/** A clock that starts at `start` and moves one second on every reading, so durations are never zero. */
export function steppingClock(start: string): { now: () => Date; set(iso: string): void } {
  let t = Date.parse(start);
  return {
    now: () => {
      const d = new Date(t);
      t += 1000;
      return d;
    },
    set(iso) {
      t = Date.parse(iso);
    },
  };
}

/** Sleeps that return at once and remember what they were asked to wait. */
/** The host of the fixture server, which the operator of a test allows its collectors to reach (KOHYO_FETCH_ALLOW_HOSTS). */
export const FIXTURE_HOSTS: readonly string[] = ['127.0.0.1'];

/** The fetcher the collection tests use: the fixture server allowed, no retries, and its waits recorded, not slept. */
export function testFetcher(): Fetcher {
  return createFetcher({
    userAgent: 'Kohyo/1.0 (test)',
    sleep: recordedSleep().sleep,
    retries: 0,
    allowHosts: FIXTURE_HOSTS,
  });
}

/** A fixture server and the test fetcher for a test file's collections, both closed once its tests are done. */
export async function collectionFixtures(): Promise<{ server: FixtureServer; fetcher: Fetcher }> {
  const server = await startFixtureServer();
  const fetcher = testFetcher();
  after(async () => {
    await fetcher.close();
    await server.close();
  });
  return { server, fetcher };
}

export function recordedSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

/** Writes companies into a (new) database file: the NTA side that linking looks up. */
export function writeCompanies(dbPath: string, companies: readonly TestCompany[]): string[] {
  const db = openWritable(dbPath);
  try {
    return writeCompaniesTo(db, companies);
  } finally {
    db.close();
  }
}

type TestCompany = { base: string; name: string; prefecture_code: string; city: string; successor?: string };

/** writeCompanies through a connection already open (a draft's). */
export function writeCompaniesTo(db: Db, companies: readonly TestCompany[]): string[] {
  const writer = createCompanyWriter(db);
  const numbers: string[] = [];
  db.transaction(() => {
    for (const c of companies) {
      const corporate_number = corporateNumberFromBase(c.base);
      numbers.push(corporate_number);
      writer.upsertCompany({
        ...companyInput(corporate_number, c.name, c.prefecture_code, c.city),
        successor_corporate_number: c.successor ?? null,
      });
    }
  })();
  return numbers;
}

function companyInput(corporate_number: string, name: string, prefecture_code: string, city: string): CompanyInput {
  return {
    corporate_number,
    name,
    name_kana: null,
    name_en: null,
    kind_code: '301',
    legal_form: 'kabushiki_kaisha',
    address: {
      prefecture_code,
      prefecture: null,
      city,
      city_code: null,
      street: '1-1',
      postal_code: null,
      outside: null,
      en: null,
    },
    status: 'active',
    closed_on: null,
    close_cause: null,
    successor_corporate_number: null,
    updated_on: '2025-01-01',
    changed_on: '2025-01-01',
    aliases: [],
  };
}
