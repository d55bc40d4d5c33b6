// `npm run check:openapi-proxy`: every operation of the served OpenAPI document sent through Stoplight Prism's
// validating proxy (a validator no one here wrote), with valid and invalid inputs, conditional requests and other
// methods; it prints the answers whose body or headers Prism finds against the document, and every status the
// document does not declare for the operation, and exits 1 when there is any.
//
// Not in `npm test`: Prism is about 90 MB and takes seconds to start, so it is fetched by npx when this runs (the
// registry must be reachable). test/http/self-description/openapi-answers.test.ts checks the same answers with ajv in
// the suite. What Prism cannot carry is sent to the server directly and checked for a declared status only: a HEAD
// (Prism parses its empty body as JSON), a broken %-escape in the path (Prism's own decoding throws and it dies), and
// a request on which Prism dies (its violation header cannot hold the non-ASCII of some patterns); it is restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRecord } from '../src/lib/is-object.js';

const [SERVER_PORT, PRISM_PORT] = [3571, 3572];
const PRISM = ['--yes', '@stoplight/prism-cli@5', 'proxy'];

/** The document as read here: each level an object, anything missing read as empty. */
type Json = Readonly<Record<string, unknown>>;
const objectOf = (value: unknown): Json => (isRecord(value) ? value : {});

/** A parameter, its `$ref` followed. */
interface Parameter {
  readonly name: string;
  readonly in: string;
  /** The example as a query or path value, undefined when there is none. */
  readonly example: string | undefined;
  readonly schema: Json;
}

interface Finding {
  readonly method: string;
  readonly target: string;
  readonly problem: string;
}

const folder = mkdtempSync(join(tmpdir(), 'kohyo-openapi-proxy-'));
const findings: Finding[] = [];
const tally = { throughPrism: 0, direct: 0, prismRestarts: 0 };

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/** The demo server on limits that never refuse, so that every answer is the operation's own. */
function startServer(): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    KOHYO_DB: join(folder, 'demo.sqlite'),
    KOHYO_USAGE_DB: join(folder, 'usage.sqlite'),
    KOHYO_LIMIT_PER_MINUTE: '100000',
    KOHYO_LIMIT_PER_DAY: '1000000',
    KOHYO_ENUM_DISTINCT_TERMS: '100000',
    KOHYO_ENUM_SEQUENTIAL: '1000',
    KOHYO_UNCOUNTED_PER_MINUTE: '100000',
  };
  return spawn('node', ['dist/src/main.js'], { env, stdio: 'ignore' });
}

const running: { prism: ChildProcess | null } = { prism: null };
async function startPrism(documentFile: string): Promise<void> {
  running.prism?.kill();
  const upstream = `http://127.0.0.1:${SERVER_PORT}`;
  running.prism = spawn('npx', [...PRISM, documentFile, upstream, '-p', String(PRISM_PORT), '-h', '127.0.0.1'], {
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${PRISM_PORT}/health`);
}

/** The statuses an operation declares (its GET's for a method it does not have: the 405 is declared there). */
function declaredStatuses(document: Json, path: string, method: string): Json {
  const item = objectOf(objectOf(document.paths)[path]);
  return objectOf(objectOf(item[method.toLowerCase()] ?? item.get).responses);
}

/** Prism's findings on the answer (its `sl-violations` header), those about the response only. */
function responseViolations(header: string | null): string[] {
  const violations: unknown = JSON.parse(header ?? '[]');
  if (!Array.isArray(violations)) return [`sl-violations: ${header}`];
  return violations
    .map(objectOf)
    .flatMap((v) => (Array.isArray(v.location) && v.location[0] === 'response' ? [String(v.message)] : []));
}

/** Sends one request, through Prism where it can carry it; notes an undeclared status and Prism's findings. */
async function send(document: Json, path: string, target: string, init: RequestInit = {}): Promise<Headers> {
  const method = init.method ?? 'GET';
  const declared = declaredStatuses(document, path, method);
  const ask = async (port: number) => {
    const answer = await fetch(`http://127.0.0.1:${port}${target}`, { redirect: 'manual', ...init });
    await answer.text();
    if (!(String(answer.status) in declared)) findings.push({ method, target, problem: `undeclared ${answer.status}` });
    return answer;
  };
  if (method !== 'HEAD' && !target.includes('%zz')) {
    try {
      const answer = await ask(PRISM_PORT);
      tally.throughPrism++;
      for (const problem of responseViolations(answer.headers.get('sl-violations')))
        findings.push({ method, target, problem });
      return answer.headers;
    } catch {
      tally.prismRestarts++;
      await startPrism(join(folder, 'openapi.json'));
    }
  }
  tally.direct++;
  return (await ask(SERVER_PORT)).headers;
}

/** An operation's parameters, each `$ref` followed. */
function parametersOf(document: Json, path: string): Parameter[] {
  const shared = objectOf(objectOf(document.components).parameters);
  const listed = objectOf(objectOf(objectOf(document.paths)[path]).get).parameters;
  return (Array.isArray(listed) ? listed : []).map((given) => {
    const ref = objectOf(given).$ref;
    const p = typeof ref === 'string' ? objectOf(shared[ref.split('/').pop() ?? '']) : objectOf(given);
    const { example } = p;
    const value = typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean';
    return {
      name: String(p.name),
      in: String(p.in),
      example: value ? String(example) : undefined,
      schema: objectOf(p.schema),
    };
  });
}

/** The targets of one operation: its examples alone and together, then values each rule refuses. */
function targetsOf(document: Json, path: string): string[] {
  const parameters = parametersOf(document, path);
  let base = path;
  for (const p of parameters.filter((p) => p.in === 'path'))
    base = base.replace(`{${p.name}}`, encodeURIComponent(p.example ?? 'x'));
  const query = parameters.filter((p) => p.in === 'query');
  const examples = query.flatMap((p) =>
    p.example === undefined ? [] : [`${p.name}=${encodeURIComponent(p.example)}`],
  );
  const targets = [base, ...examples.map((pair) => `${base}?${pair}`), `${base}?${examples.join('&')}`];
  for (const { name, schema } of query) {
    if (typeof schema.maxLength === 'number') targets.push(`${base}?${name}=${'x'.repeat(schema.maxLength + 1)}`);
    if (schema.enum !== undefined || schema.pattern !== undefined || schema.type !== 'string')
      targets.push(`${base}?${name}=zz%20z`);
  }
  const words = Array.from({ length: 11 }, (_, i) => `w${i}`).join('+');
  for (const wrong of [
    'q=%E5%8C',
    'q=%ZZ',
    `q=${words}`,
    'q=a&'.repeat(12),
    'foo=1',
    'offset=1',
    'page=0',
    'limit=1000',
  ])
    targets.push(`${base}?${wrong}`);
  for (const format of ['atom', 'xml']) targets.push(`${base}?format=${format}`);
  if (path.includes('{'))
    for (const value of ['0000000000000', '%zz', 'x'.repeat(300)]) targets.push(path.replace(/\{[^}]+\}/u, value));
  return targets;
}

/** Every target of every operation, with HEAD, the conditional forms of each answer that has an ETag, and other methods. */
async function sendAll(document: Json): Promise<void> {
  for (const path of Object.keys(objectOf(document.paths))) {
    for (const target of targetsOf(document, path)) {
      const headers = await send(document, path, target);
      await send(document, path, target, { method: 'HEAD' });
      await send(document, path, target, { headers: { accept: 'application/atom+xml' } });
      const etag = headers.get('etag');
      if (etag === null) continue;
      const conditions: Record<string, string>[] = [
        { 'if-none-match': etag },
        { 'if-none-match': '*' },
        { 'if-modified-since': new Date().toUTCString() },
      ];
      for (const condition of conditions) await send(document, path, target, { headers: condition });
      await send(document, path, target, { method: 'HEAD', headers: { 'if-none-match': etag } });
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      await send(document, path, path.replace(/\{[^}]+\}/gu, 'x'), { method });
  }
}

const server = startServer();
try {
  await waitFor(`http://127.0.0.1:${SERVER_PORT}/health`);
  const served: unknown = await (await fetch(`http://127.0.0.1:${SERVER_PORT}/api/v1/openapi.json`)).json();
  const document = objectOf(served);
  writeFileSync(join(folder, 'openapi.json'), JSON.stringify(document));
  await startPrism(join(folder, 'openapi.json'));
  await sendAll(document);
} finally {
  running.prism?.kill();
  server.kill();
  rmSync(folder, { recursive: true, force: true });
}
for (const { method, target, problem } of findings) console.log(`${method} ${target.slice(0, 100)}: ${problem}`);
console.log(
  `${tally.throughPrism} requests through Prism, ${tally.direct} sent directly (${tally.prismRestarts} on which Prism died): ${findings.length} findings`,
);
process.exitCode = findings.length > 0 ? 1 : 0;
