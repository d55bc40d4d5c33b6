// GET /llms.txt through the real app: plain text, and the numbers it states are the settings the server runs with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../src/config.js';
import { renderJson } from '../../../src/http/self-description/guide-full.js';
import { duration } from '../../../src/http/self-description/guide-rules.js';
import { guideWithoutDataset } from '../../../src/http/self-description/guide.js';

test('GET /llms.txt answers 200 text/plain with the default numbers, without a dataset', async () => {
  const server = await startServer({ dbPath: null });
  try {
    const response = await server.get('/llms.txt');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(response.text, guideWithoutDataset(loadConfig({})));
    assert.match(response.text, /^# Kohyo\n\n> /u);
    assert.ok(response.text.includes('10 requests per client in any 60 seconds'));
    assert.ok(response.text.includes('RateLimit-Policy: "minute";q=10;w=60, "day";q=300;w=86400'));
    const head = await fetch(`${server.url}/llms.txt`, { method: 'HEAD' });
    assert.equal(head.status, 200);
  } finally {
    await server.close();
  }
});

test('GET /llms.txt states the limits the server was started with', async () => {
  const server = await startServer({
    dbPath: null,
    env: {
      KOHYO_LIMIT_PER_MINUTE: '7',
      KOHYO_LIMIT_PER_DAY: '123',
      KOHYO_MAX_PAGE: '4',
      KOHYO_ENUM_DISTINCT_TERMS: '17',
      KOHYO_ENUM_WINDOW_S: '1200',
      KOHYO_ENUM_SEQUENTIAL: '6',
      KOHYO_ENUM_COOLDOWN_S: '7200',
      KOHYO_FRESH_HOURS: '36',
    },
  });
  try {
    const { status, text } = await server.get('/llms.txt');
    assert.equal(status, 200);
    const expected = [
      '7 requests per client in any 60 seconds',
      'and 123 in any 24 hours',
      'RateLimit-Policy: "minute";q=7;w=60, "day";q=123;w=86400',
      'from 1 to 4; 1 when absent',
      '`page`: page number, 1 to 4',
      'more than 17 distinct search terms',
      'in 20 minutes',
      'or 6 Corporate Number look-ups among',
      'refused with that code for 2 hours',
      '`fresh` under 36 hours',
      'Counts against the limits (7 a minute).',
    ];
    for (const phrase of expected) assert.ok(text.includes(phrase), `/llms.txt should say "${phrase}"`);
    for (const stale of ['10 requests per client', 'q=300', 'from 1 to 10; 1 when absent', 'for 1 hour']) {
      assert.ok(!text.includes(stale), `/llms.txt still says "${stale}"`);
    }
  } finally {
    await server.close();
  }
});

test('durations read as people write them', () => {
  const cases: readonly (readonly [number, string])[] = [
    [600, '10 minutes'],
    [60, '1 minute'],
    [3600, '1 hour'],
    [7200, '2 hours'],
    [90, '90 seconds'],
    [1, '1 second'],
    [0, '0 seconds'],
  ];
  for (const [seconds, text] of cases) assert.equal(duration(seconds), text, String(seconds));
});

test('example JSON stays valid JSON with small objects on one line', () => {
  const value = { data: { list: [{ code: 'a', name: 'x'.repeat(120) }], small: { a: 1 } }, n: null };
  const text = renderJson(value);
  assert.deepEqual(JSON.parse(text), value);
  assert.ok(text.includes('"small": {"a":1}'));
  assert.ok(text.split('\n').length > 3);
});
