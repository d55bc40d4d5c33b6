import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { MAX_LINE_BYTES, boundLine, createLogger } from '../../../src/logger.js';
import { REQUEST_LINE_MESSAGE } from '../../../src/http/hooks/request-log.js';
import { REFUSALS_MESSAGE } from '../../../src/limits/refusal-tally.js';
import { clientId } from '../../../src/usage/client-id.js';
import { demoDatabase, startServer } from '../../helpers/server.js';
import { limitedServer } from '../../helpers/limited-server.js';
import { rawExchange } from '../../helpers/raw-request.js';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

test('one line for each answered request: its id, method and path (never the query string), status and time', async () => {
  const log = capture();
  const server = await startServer({
    dbPath: await demoDatabase(),
    deps: { logger: createLogger('info', log.destination) },
  });
  try {
    const answer = await server.get(`/api/v1/companies?q=${encodeURIComponent('株式会社北辰')}`);
    const missing = await server.get('/api/v1/"quoted"');
    const lines = log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === REQUEST_LINE_MESSAGE);
    assert.equal(lines.length, 2);
    const [first, second] = lines;
    assert.match(
      log.lines.find((l) => l.includes(REQUEST_LINE_MESSAGE))!,
      /^\{"level":30,"time":\d+,"pid":\d+,"hostname":/u,
    );
    assert.deepEqual(
      { reqId: first!.reqId, req: first!.req, res: first!.res },
      {
        reqId: answer.headers.get('x-request-id'),
        req: { method: 'GET', url: '/api/v1/companies' },
        res: { statusCode: 200 },
      },
    );
    assert.equal(typeof first!.responseTime, 'number');
    assert.deepEqual(second!.res, { statusCode: missing.status });
    assert.ok(
      !log.lines.some((line) => line.includes('?q=') || line.includes('株式会社北辰')),
      'the query string is never logged',
    );
  } finally {
    await server.close();
  }
});

test('no request line when the logger is above info', async () => {
  const log = capture();
  const server = await startServer({
    dbPath: await demoDatabase(),
    deps: { logger: createLogger('warn', log.destination) },
  });
  try {
    await server.get('/api/v1/vocabularies');
    assert.deepEqual(log.lines, []);
  } finally {
    await server.close();
  }
});

test('what the log holds is written when the process exits, an uncaught exception included', () => {
  const script = `
    const { createLogger } = await import(${JSON.stringify(new URL('../../../src/logger.ts', import.meta.url).href)});
    const logger = createLogger('info');
    logger.info('held line');
    setTimeout(() => { throw new Error('boom'); }, 10);
  `;
  let output = '';
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  assert.match(output, /"msg":"held line"/u);
});

test('a quiet process still writes its lines within the periodic flush, without exiting', () => {
  const script = `
    const { createLogger } = await import(${JSON.stringify(new URL('../../../src/logger.ts', import.meta.url).href)});
    const logger = createLogger('info');
    logger.info('quiet line');
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1500);
  `;
  let output = '';
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  assert.match(output, /"msg":"quiet line"/u);
});

test('issue 54: no line past 1 KiB, no client address in any form, and refusals one line an address and minute', async () => {
  const log = capture();
  const secret = 'request-log-test';
  const s = await limitedServer({ KOHYO_LIMIT_PER_MINUTE: '2', KOHYO_ADDRESS_LIMIT_FACTOR: '0' }, undefined, {
    logger: createLogger('info', log.destination),
    clientId: (address) => clientId(secret, address),
  });
  const long = 'a'.repeat(15_000);
  const answered = [];
  try {
    for (const path of [
      '/api/v1/companies/ip-127-0-0-5.ec2.internal',
      '/docs/5.0.0.127.in-addr.arpa',
      `/nothing/127.0.5/${long}`,
      '/nothing/%31%32%37%2E0%2E0%2E5',
    ])
      answered.push((await s.getFrom('127.0.0.5', path)).status);
    assert.deepEqual(answered, [400, 404, 404, 404]);
    const refused = [];
    for (let i = 0; i < 12; i++) refused.push((await s.getFrom('127.0.0.5', `/api/v1/nothing/${long}${i}`)).status);
    assert.deepEqual(refused, [404, ...Array<number>(11).fill(429)]);
    // another site's loads (an <img> of an answer, as Chromium asks for it) are tallied as refusals, not logged
    const image = [
      'GET /api/v1/companies/7999900010001 HTTP/1.1',
      `Host: ${new URL(s.server.url).host}`,
      'Sec-Fetch-Site: cross-site',
      'Sec-Fetch-Mode: no-cors',
      'Sec-Fetch-Dest: image',
      'Connection: close',
    ];
    for (let i = 0; i < 3; i++) {
      const load = await rawExchange(s.server.url, `${image.join('\r\n')}\r\n\r\n`, { localAddress: '127.0.0.5' });
      assert.equal(load.status, 403);
    }
  } finally {
    await s.close();
  }
  const lines = log.lines.flatMap((chunk) => chunk.split('\n')).filter((line) => line !== '');
  for (const line of lines) assert.ok(Buffer.byteLength(line) <= MAX_LINE_BYTES, `${Buffer.byteLength(line)} bytes`);
  for (const form of ['127.0.0.5', '127-0-0-5', '5.0.0.127', '127.0.5', '%31%32%37'])
    assert.ok(!lines.some((line) => line.includes(form)), `${form} is in the log`);
  const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requests = parsed.filter((line) => line.msg === REQUEST_LINE_MESSAGE);
  assert.deepEqual(
    requests.map((line) => (line.res as { statusCode: number }).statusCode),
    [400, 404, 404, 404, 404],
    'a line for each answer, none for a refusal',
  );
  assert.equal((requests[0]!.req as { url: string }).url, '/api/v1/companies/ip-[client-ip].ec2.internal');
  const cut = (requests[2]!.req as { url: string }).url;
  assert.ok(cut.length === 300 && cut.endsWith('…'), cut);
  const tallies = parsed.filter((line) => line.msg === REFUSALS_MESSAGE);
  assert.deepEqual(
    tallies.map(({ client, refused, connections_dropped }) => ({ client, refused, connections_dropped })),
    [
      {
        client: clientId(secret, '127.0.0.5'),
        refused: { rate_limited: 11, cross_site_request_refused: 3 },
        connections_dropped: 0,
      },
    ],
  );
});

test('a log line is cut to 1 KiB: its strings shorter and shorter, then its nested values dropped', () => {
  const line = (fields: Record<string, unknown>) =>
    `${JSON.stringify({ level: 50, time: 1, pid: 2, hostname: 'h', reqId: 'r', ...fields, msg: 'failed' })}\n`;
  const cases: [name: string, fields: Record<string, unknown>, kept: (bounded: Record<string, unknown>) => boolean][] =
    [
      ['short', { err: { message: 'm' } }, (b) => (b.err as { message: string }).message === 'm'],
      [
        'a long stack',
        { err: { message: 'boom', stack: `Error: boom\n${'    at f (file.js:1:1)\n'.repeat(200)}` } },
        (b) => (b.err as { message: string; stack: string }).stack.startsWith('Error: boom') && b.msg === 'failed',
      ],
      ['a 16 KB path', { req: { url: `/${'p'.repeat(16_000)}` } }, (b) => (b.req as { url: string }).url.endsWith('…')],
      [
        'many long fields',
        Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, 'x'.repeat(50)])),
        (b) => b.cut === true && b.reqId === 'r' && b.msg === 'failed',
      ],
      ['Japanese text', { note: '北'.repeat(2_000) }, (b) => String(b.note).startsWith('北')],
    ];
  for (const [name, fields, kept] of cases) {
    const bounded = boundLine(line(fields));
    assert.ok(Buffer.byteLength(bounded) <= MAX_LINE_BYTES + 1, `${name}: ${Buffer.byteLength(bounded)} bytes`);
    assert.ok(bounded.endsWith('\n'), name);
    const parsed = JSON.parse(bounded) as Record<string, unknown>;
    assert.equal(parsed.level, 50, name);
    assert.ok(kept(parsed), `${name}: ${bounded}`);
  }
  const short = line({ req: { url: '/health' } });
  assert.equal(boundLine(short), short, 'a line within the bound is written as it is');
});
