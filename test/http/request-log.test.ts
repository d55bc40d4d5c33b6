import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createLogger } from '../../src/logger.js';
import { REQUEST_LINE_MESSAGE } from '../../src/http/request-log.js';
import { demoDatabase, startServer } from '../helpers/server.js';

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
    const { createLogger } = await import(${JSON.stringify(new URL('../../src/logger.ts', import.meta.url).href)});
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
    const { createLogger } = await import(${JSON.stringify(new URL('../../src/logger.ts', import.meta.url).href)});
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
