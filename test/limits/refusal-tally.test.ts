// The server log's refusals, on a clock the test moves: one line for each address and minute, written once the
// minute is over (or the app closes), under the identifier given, bounded in addresses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OTHER_ADDRESSES, RefusalTally, type TallyLine } from '../../src/limits/refusal-tally.js';

const T0 = Date.parse('2026-11-21T03:04:00.000Z');

function tally() {
  let now = T0;
  const written: TallyLine[] = [];
  const counter = new RefusalTally(
    (line) => void written.push(line),
    (address) => `id(${address})`,
    () => new Date(now),
  );
  return { counter, written, at: (ms: number) => void (now = T0 + ms) };
}

test('refusals and dropped connections are counted per address and written once their minute is over', () => {
  const { counter, written, at } = tally();
  for (let i = 0; i < 1000; i++) counter.refused('198.51.100.7', 'rate_limited');
  counter.refused('198.51.100.7', 'automated_enumeration_detected');
  counter.refused('198.51.100.8', null);
  counter.dropped('198.51.100.7');
  counter.flush();
  assert.deepEqual(written, [], 'nothing while the minute lasts');
  at(59_999);
  counter.flush();
  assert.deepEqual(written, []);
  at(60_000);
  counter.flush();
  assert.deepEqual(written, [
    {
      minute: '2026-11-21T03:04:00.000Z',
      client: 'id(198.51.100.7)',
      refused: { rate_limited: 1000, automated_enumeration_detected: 1 },
      connections_dropped: 1,
    },
    { minute: '2026-11-21T03:04:00.000Z', client: 'id(198.51.100.8)', refused: { none: 1 }, connections_dropped: 0 },
  ]);
  // the next minute's first refusal writes nothing more of the last one; closing writes what is held
  counter.refused('198.51.100.7', 'rate_limited');
  counter.flush(true);
  assert.equal(written.length, 3);
  assert.deepEqual(written[2], {
    minute: '2026-11-21T03:05:00.000Z',
    client: 'id(198.51.100.7)',
    refused: { rate_limited: 1 },
    connections_dropped: 0,
  });
});

test('a refusal in a later minute writes the earlier minute first', () => {
  const { counter, written, at } = tally();
  counter.refused('a', 'rate_limited');
  at(125_000);
  counter.refused('a', 'rate_limited');
  assert.deepEqual(
    written.map((line) => line.minute),
    ['2026-11-21T03:04:00.000Z'],
  );
});

test('past 10,000 addresses in a minute, the others are counted on one line', () => {
  const { counter, written } = tally();
  for (let i = 0; i < 10_050; i++) counter.refused(`10.0.${Math.floor(i / 256)}.${i % 256}`, 'rate_limited');
  counter.flush(true);
  assert.equal(written.length, 10_001);
  assert.deepEqual(written.at(-1), {
    minute: '2026-11-21T03:04:00.000Z',
    client: OTHER_ADDRESSES,
    refused: { rate_limited: 50 },
    connections_dropped: 0,
  });
});
