import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from '../../src/logger.js';
import { lazyChildLogger } from '../../src/http/lazy-child-logger.js';
import { REQUEST_LINE_MESSAGE } from '../../src/http/request-log.js';
import { demoDatabase, startServer } from '../helpers/server.js';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

/** A pino logger writing into an array, counting the child loggers made from it. */
function countingLogger(level = 'info') {
  const { lines, destination } = capture();
  const logger = createLogger(level, destination);
  const made = { children: 0 };
  const child = logger.child;
  // a child's children go through this too (pino's children inherit from their parent), each from its own parent
  logger.child = function countedChild(this: typeof logger, bindings, options) {
    made.children += 1;
    return child.call(this, bindings, options);
  } as typeof logger.child;
  return { logger: logger as unknown as FastifyBaseLogger, lines, made };
}

const atOneInstant = (line: string | undefined) => line?.replace(/"time":\d+,/u, '"time":0,');

test('the lazy child makes its child on its first line only, and writes what the child would have written', () => {
  const lazy = countingLogger();
  const eager = countingLogger();
  const child = lazyChildLogger(lazy.logger, { reqId: 'req-7' }, {});
  assert.equal(child.level, 'info');
  assert.equal(lazy.made.children, 0, 'no child until something is logged');

  child.info('plain message');
  child.error({ err: new Error('boom') }, 'request failed');
  child.debug('below the level: not written');
  const direct = eager.logger.child({ reqId: 'req-7' }, {});
  direct.info('plain message');
  direct.error({ err: new Error('boom') }, 'request failed');

  assert.equal(lazy.made.children, 1, 'one child, made once');
  assert.equal(lazy.lines.length, 2);
  const withoutStack = (line: string | undefined) => atOneInstant(line)?.replace(/"stack":"[^"]*"/u, '"stack":""');
  assert.deepEqual(lazy.lines.map(withoutStack), eager.lines.map(withoutStack));
  assert.match(lazy.lines[1]!, /"reqId":"req-7".*"msg":"request failed"/u);
});

test('the lazy child takes the level of its options, and a level set on it or a child of it reaches the real child', () => {
  const { logger, lines } = countingLogger('info');
  assert.equal(lazyChildLogger(logger, { reqId: 'a' }, { level: 'warn' }).level, 'warn');
  const quiet = lazyChildLogger(logger, { reqId: 'b' }, {});
  quiet.level = 'error';
  quiet.warn('not written');
  quiet.error('written');
  lazyChildLogger(logger, { reqId: 'c' }, {}).child({ part: 'x' }).info('nested');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /"reqId":"b".*"msg":"written"/u);
  assert.match(lines[1]!, /"reqId":"c","part":"x".*"msg":"nested"/u);
});

test('a served request that logs nothing makes no child logger; a failed one logs with its request id', async () => {
  const { logger, lines, made } = countingLogger();
  const served = await startServer({ dbPath: await demoDatabase(), deps: { logger } });
  const failing = await startServer({ store: null, deps: { logger } });
  try {
    made.children = 0;
    const answered = await served.get('/api/v1/companies?q=%E3%83%88%E3%83%A8%E3%82%BF');
    assert.equal(answered.status, 200);
    assert.equal(made.children, 0, 'a 200 needs no child logger');
    assert.ok(lines.some((line) => line.includes(`"reqId":"${answered.headers.get('x-request-id')}"`) && line.includes(REQUEST_LINE_MESSAGE)));

    const refused = await failing.get('/api/v1/companies?q=x');
    assert.equal(refused.status, 503);
    const failed = lines.find((line) => line.includes('"msg":"request failed"'));
    assert.ok(failed, 'the 503 is logged');
    assert.match(failed, new RegExp(`"reqId":"${refused.headers.get('x-request-id')}"`, 'u'));
    assert.equal(made.children, 1);
  } finally {
    await served.close();
    await failing.close();
  }
});
