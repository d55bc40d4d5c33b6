// Walking the dataset by date windows (issue 79, point 6) against a listening server: each distinct window is a
// distinct search term, as a distinct name is, so that the walk is refused as enumeration at the 31st; a person's
// handful of windows, and paging one answer, are never refused.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { limitedServer, type LimitedServer } from '../helpers/limited-server.js';
import { errorOfAnswer } from '../helpers/answers.js';

/** The window of `days` days starting `start` days after 2020-01-01, as `from` and `to`. */
function window(start: number, days: number): string {
  const day = (n: number) => new Date(Date.UTC(2020, 0, 1 + n)).toISOString().slice(0, 10);
  return `from=${day(start)}&to=${day(start + days - 1)}`;
}

describe('date windows', () => {
  let s: LimitedServer;
  before(async () => {
    s = await limitedServer();
  });
  after(() => s.close());

  test('distinct windows count toward the distinct-terms rule: a walk of them is refused as enumeration', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await s.getFrom('127.0.0.51', `/api/v1/enforcements?${window(i * 10, 10)}`);
      statuses.push(answer.status);
      s.advance(7_000);
    }
    assert.deepEqual(statuses.slice(0, 30), Array<number>(30).fill(200), 'thirty windows in ten minutes are answered');
    assert.equal(statuses[30], 429, 'the thirty-first distinct window is enumeration');
    const refused = await s.getFrom('127.0.0.51', `/api/v1/license-actions?${window(0, 10)}`);
    assert.equal(errorOfAnswer(refused).code, 'automated_enumeration_detected');
  });

  test('a person: a handful of windows, each paged, and filters beside them, never refused', async () => {
    for (let day = 0; day < 3; day++) {
      for (const [from, days] of [
        [0, 366],
        [366, 366],
        [100, 30],
      ] as const)
        for (let page = 1; page <= 3; page++) {
          const path = `/api/v1/license-actions?${window(from, days)}&page=${page}`;
          assert.equal((await s.getFrom('127.0.0.52', path)).status, 200, `${path} on day ${day}`);
          s.advance(8_000);
        }
      assert.equal(
        (await s.getFrom('127.0.0.52', `/api/v1/enforcements?${window(0, 366)}&authority=jftc`)).status,
        200,
      );
      s.advance(86_400_000 / 3);
    }
  });
});
