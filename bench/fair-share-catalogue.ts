// Part 3 of bench/fair-share.ts: the most expensive anonymous request. Each candidate is asked a few hundred times,
// one request at a time, of a server whose limits are raised so that nothing is refused, and the server's CPU over
// them is divided by their number. Searches take a new `q` each time, as an attacker would, so that the answer cache
// never answers them.
import Database from 'better-sqlite3';
import { clientFrom, Tally, type Sent } from './fair-share-client.js';
import { MCP_HEADERS, rpcBatch, GUIDE_READS, BUNDLE_PATH, rpcOutcomes } from './fair-share-attacks.js';
import { processCpuSplitMs } from './process-cpu.js';
import { GUIDE_URI } from '../src/mcp/mcp-server.js';

/** The limits raised for the measure (and the ceilings per address): every candidate is answered, none refused. */
export const RAISED_LIMITS_ENV = {
  KOHYO_LIMIT_PER_MINUTE: '1000000',
  KOHYO_LIMIT_PER_DAY: '100000000',
  KOHYO_ENUM_DISTINCT_TERMS: '1000000',
  KOHYO_ENUM_SEQUENTIAL: '1000',
  KOHYO_UNCOUNTED_PER_MINUTE: '1000000',
  KOHYO_UNCOUNTED_BYTES_PER_MINUTE: '1000000000000',
  KOHYO_REFUSALS_PER_MINUTE: '1000000',
} as const;

const MEASURING_ADDRESS = '127.0.0.30';
const WARMUP_REQUESTS = 20;

export interface Candidate {
  readonly name: string;
  /** The i-th request of the candidate. */
  readonly request: (i: number) => Sent;
}

export interface CandidateCost {
  readonly name: string;
  readonly requests: number;
  readonly cpuUs: number;
  readonly systemUs: number;
  readonly bytes: number;
  readonly answers: Tally;
  /** JSON-RPC messages of an MCP batch answered with an error (or a failed tool) inside its 200. */
  readonly refusedMessages: number;
}

/** Common katakana, paired into hundreds of short distinct queries that each find something in most datasets. */
const KANA = [...'アイウエオカキクコサシスセタトナニハホマミヤリルレロン'];
const kanaQuery = (i: number) => KANA[i % KANA.length]! + KANA[Math.floor(i / KANA.length) % KANA.length]!;

/** Company numbers and record ids of the dataset, for its pages (companies with the most records first). */
function pageTargets(dbPath: string): { numbers: string[]; records: string[] } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const numbers = db
      .prepare(
        `SELECT company_corporate_number AS n FROM enforcements WHERE company_corporate_number IS NOT NULL
         GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 50`,
      )
      .all() as { n: string }[];
    const records = db.prepare('SELECT id FROM enforcements ORDER BY rid LIMIT 200').all() as { id: string }[];
    return { numbers: numbers.map((r) => r.n), records: records.map((r) => r.id) };
  } finally {
    db.close();
  }
}

const get = (path: string, headers: Record<string, string> = {}): Sent => ({ path, headers });
const q = (i: number) => encodeURIComponent(kanaQuery(i));
const BR = { 'accept-encoding': 'br' };

export function candidates(dbPath: string): Candidate[] {
  const { numbers, records } = pageTargets(dbPath);
  const mcp = (body: string): Sent => ({ path: '/mcp', method: 'POST', headers: MCP_HEADERS, body, keepText: true });
  return [
    { name: 'GET /health', request: () => get('/health') },
    { name: 'GET /api/v1/companies?q=<2 kana> (br)', request: (i) => get(`/api/v1/companies?q=${q(i)}`, BR) },
    { name: 'GET /api/v1/search?q=<2 kana> (br)', request: (i) => get(`/api/v1/search?q=${q(i)}`, BR) },
    { name: 'GET /search?q=<2 kana> (HTML, br)', request: (i) => get(`/search?q=${q(i)}`, BR) },
    { name: 'GET /api/v1/openapi.json (br)', request: () => get('/api/v1/openapi.json', BR) },
    { name: 'GET /llms.txt (br)', request: () => get('/llms.txt', BR) },
    { name: 'GET swagger-ui-bundle.js (br)', request: () => get(BUNDLE_PATH, BR) },
    { name: 'GET swagger-ui-bundle.js (gzip)', request: () => get(BUNDLE_PATH, { 'accept-encoding': 'gzip' }) },
    { name: 'GET swagger-ui-bundle.js (identity)', request: () => get(BUNDLE_PATH) },
    { name: 'GET /api/v1/vocabularies (br)', request: () => get('/api/v1/vocabularies', BR) },
    {
      // the widest filter there is: a year of every authority's records
      name: 'GET /api/v1/enforcements?from=…&to=… (a year), Atom, limit=10 (br)',
      request: () => get('/api/v1/enforcements?from=2025-11-21&to=2026-11-20&format=atom&limit=10', BR),
    },
    { name: 'GET /api/v1/coverage (br)', request: () => get('/api/v1/coverage', BR) },
    {
      name: 'GET /companies/<number> (HTML, br)',
      request: (i) => get(`/companies/${numbers[i % numbers.length]}`, BR),
    },
    { name: 'GET /records/<id> (HTML, br)', request: (i) => get(`/records/${records[i % records.length]}`, BR) },
    // a POST's own cost (the SDK's server and transport built for it) apart from its messages'
    { name: 'POST /mcp, tools/list (uncounted)', request: () => mcp(rpcBatch(1, 'tools/list', () => ({}))) },
    {
      name: 'POST /mcp, 1 resources/read of the guide',
      request: () => mcp(rpcBatch(1, 'resources/read', () => ({ uri: GUIDE_URI }))),
    },
    { name: 'POST /mcp, 10 resources/read of the guide', request: () => mcp(GUIDE_READS) },
    {
      name: 'POST /mcp, 10 tools/call search',
      request: (i) =>
        mcp(rpcBatch(10, 'tools/call', (j) => ({ name: 'search', arguments: { q: kanaQuery(i * 10 + j) } }))),
    },
  ];
}

/** Asks each candidate `perCase` times (after a short warm-up) and returns them, the most CPU a request first. */
export async function measureCandidates(
  url: string,
  pid: number,
  list: readonly Candidate[],
  perCase: number,
): Promise<CandidateCost[]> {
  const client = clientFrom(url, MEASURING_ADDRESS, 1);
  const costs: CandidateCost[] = [];
  try {
    for (const candidate of list) {
      for (let i = 0; i < WARMUP_REQUESTS; i++) await client.send(candidate.request(perCase + i));
      const answers = new Tally();
      let refusedMessages = 0;
      const before = processCpuSplitMs(pid);
      for (let i = 0; i < perCase; i++) {
        const answer = await client.send(candidate.request(i));
        answers.add(answer.status, answer.bytes);
        // a JSON-RPC message refused inside a 200 batch would make the batch look cheap
        refusedMessages += rpcOutcomes(answer.text).filter((outcome) => outcome === 'refused').length;
      }
      const after = processCpuSplitMs(pid);
      const per = (ms: number) => (ms * 1000) / perCase;
      costs.push({
        name: candidate.name,
        requests: perCase,
        cpuUs:
          before === null || after === null
            ? Number.NaN
            : per(after.userMs + after.systemMs - before.userMs - before.systemMs),
        systemUs: before === null || after === null ? Number.NaN : per(after.systemMs - before.systemMs),
        bytes: answers.bytes / perCase,
        answers,
        refusedMessages,
      });
    }
  } finally {
    await client.close();
  }
  return costs.sort((a, b) => b.cpuUs - a.cpuUs);
}
