// If-None-Match read once (readIfNoneMatch) and compared weakly (notModified), as a table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { notModified, readIfNoneMatch, weakValidators } from '../../src/http/hooks/conditional.js';

const validators = weakValidators('abc', new Date('2026-11-21T00:00:00Z'));

test('If-None-Match names the ETag weakly, `*` matches any, and it wins over If-Modified-Since', () => {
  const cases: [Record<string, string>, boolean][] = [
    [{}, false],
    [{ 'if-none-match': 'W/"abc"' }, true],
    [{ 'if-none-match': '"abc"' }, true],
    [{ 'if-none-match': ' "x" , W/"abc" ' }, true],
    [{ 'if-none-match': '*' }, true],
    [{ 'if-none-match': 'W/"abd"' }, false],
    [{ 'if-none-match': 'abc' }, false],
    [{ 'if-none-match': '"x"', 'if-modified-since': 'Sat, 21 Nov 2026 00:00:00 GMT' }, false],
    [{ 'if-modified-since': 'Sat, 21 Nov 2026 00:00:00 GMT' }, true],
    [{ 'if-modified-since': 'Fri, 20 Nov 2026 23:59:59 GMT' }, false],
    [{ 'if-modified-since': 'not a date' }, false],
  ];
  for (const [headers, expected] of cases) {
    const request = { headers };
    assert.equal(notModified(request, validators), expected, JSON.stringify(headers));
    // the header read once beforehand answers the same
    assert.equal(
      notModified(request, validators, readIfNoneMatch(headers['if-none-match'])),
      expected,
      JSON.stringify(headers),
    );
  }
});

test('readIfNoneMatch keeps the tags without their weakness mark, and says whether `*` is among them', () => {
  assert.equal(readIfNoneMatch(undefined), null);
  assert.deepEqual(readIfNoneMatch('W/"a", "b" ,*'), { any: true, tags: ['"a"', '"b"', '*'] });
});
