import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LineBatches, createLogger } from '../../src/logger.js';
import { REQUEST_LINE_MESSAGE, requestLineWriter } from '../../src/http/request-log.js';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

const request = (url: string, id = 'req-1') => ({ id, method: 'GET', url, log: null }) as unknown as FastifyRequest;
const reply = (statusCode: number, elapsedTime: number) => ({ statusCode, elapsedTime }) as unknown as FastifyReply;

/** The line with its timestamp set to one instant: two loggers write a few milliseconds apart. */
const atOneInstant = (line: string | undefined) => line?.replace(/^(\{"level":\d+,"time":)\d+,/u, '$11795400000000,');

test('the request line is, byte for byte but for the time, the line the server\'s pino logger writes through a child logger', () => {
  for (const [url, status, ms] of [['/api/v1/companies?q=%E6%A0%AA', 200, 0.532_1], ['/api/v1/"quoted"\\path', 404, 12], ['/', 304, 1e-7]] as const) {
    const direct = capture();
    const throughPino = capture();
    requestLineWriter(createLogger('info', direct.destination) as unknown as FastifyBaseLogger)(request(url), reply(status, ms));
    createLogger('info', throughPino.destination).child({ reqId: 'req-1' })
      .info({ req: { method: 'GET', url }, res: { statusCode: status }, responseTime: ms }, REQUEST_LINE_MESSAGE);
    assert.equal(direct.lines.length, 1);
    assert.match(direct.lines[0]!, /^\{"level":30,"time":\d+,"pid":\d+,"hostname":/u);
    assert.equal(atOneInstant(direct.lines[0]), atOneInstant(throughPino.lines[0]));
    assert.ok(!direct.lines[0]!.includes('?q='), 'the query string is never logged');
  }
});

test('the request line is not written when the logger is above info, and goes through info() for a logger that is not pino', () => {
  const quiet = capture();
  requestLineWriter(createLogger('warn', quiet.destination) as unknown as FastifyBaseLogger)(request('/api/v1/companies'), reply(200, 1));
  assert.deepEqual(quiet.lines, []);

  const calls: unknown[][] = [];
  const other = { info: (...args: unknown[]) => calls.push(args) };
  const fallback = requestLineWriter(other as unknown as FastifyBaseLogger);
  fallback({ ...request('/api/v1/companies?q=x'), log: other } as unknown as FastifyRequest, reply(200, 1));
  assert.equal(calls.length, 1);
  assert.equal(calls[0]![1], REQUEST_LINE_MESSAGE);
});

/** Line batches writing into an array, on a timer the test ticks. */
function batches(maxWrite: number) {
  const writes: string[] = [];
  let tick: (() => void) | null = null;
  let stopped = false;
  const held = new LineBatches({ write: (text: string) => void writes.push(text) }, maxWrite, (run) => {
    tick = run;
    return { stop: () => { stopped = true; } };
  });
  return { held, writes, tick: () => tick?.(), stopped: () => stopped };
}

test('line batches write whole lines, at most maxWrite bytes at a time, in order', () => {
  const { held, writes } = batches(100);
  const lines = Array.from({ length: 25 }, (_, i) => `{"n":${i},"text":"${'株'.repeat(i % 7)}"}\n`);
  for (const line of lines) held.write(line);
  held.flushSync();
  assert.equal(writes.join(''), lines.join(''), 'every line, once, in order');
  for (const text of writes) {
    assert.ok(Buffer.byteLength(text) <= 100, `a write of ${Buffer.byteLength(text)} bytes`);
    assert.ok(text.endsWith('\n'), 'a write ends with a whole line');
  }
  assert.ok(writes.length > 1 && writes.length < lines.length, `${writes.length} writes for ${lines.length} lines`);
});

test('a line longer than a batch is written on its own; the timer writes what is held; end writes the rest and stops the timer', () => {
  const { held, writes, tick, stopped } = batches(64);
  held.write('short 1\n');
  const long = `${'x'.repeat(100)}\n`;
  held.write(long);
  assert.deepEqual(writes, ['short 1\n'], 'what was held goes first, before the long line is held');
  held.write('short 2\n');
  assert.deepEqual(writes, ['short 1\n', long]);
  tick();
  assert.deepEqual(writes, ['short 1\n', long, 'short 2\n']);
  tick();
  assert.equal(writes.length, 3, 'nothing held, nothing written');
  held.write('short 3\n');
  held.end();
  assert.deepEqual(writes.slice(3), ['short 3\n']);
  assert.ok(stopped());
});

test('what the log holds is written when the process exits, an uncaught exception included', () => {
  const script = `
    const { createLogger } = await import(${JSON.stringify(new URL('../../src/logger.ts', import.meta.url).href)});
    const logger = createLogger('info');
    logger.info('held line');
    setTimeout(() => { throw new Error('boom'); }, 10);
  `;
  let output = '';
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  assert.match(output, /"msg":"held line"/u);
});
