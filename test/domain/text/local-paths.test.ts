// Tests for src/domain/text/local-paths.ts: a published message names a file, never the folders it is in.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutLocalPaths } from '../../../src/domain/text/local-paths.js';

test("a local path is cut to its file's name; an address on the web and a bare name stay whole", () => {
  const cases: [string, string][] = [
    ['cannot read /home/operator/private/Downloads/a.csv: ENOENT', 'cannot read a.csv: ENOENT'],
    ["ENOENT: no such file or directory, open '/tmp/x/y z.pdf'", "ENOENT: no such file or directory, open 'y z.pdf'"],
    ['failed at (~/lists/b.xlsx)', 'failed at (b.xlsx)'],
    ['cannot read C:\\Users\\op\\c.csv', 'cannot read c.csv'],
    [
      'https://www.mhlw.go.jp/content/001.pdf gives an HTML page',
      'https://www.mhlw.go.jp/content/001.pdf gives an HTML page',
    ],
    ['cannot read a.csv', 'cannot read a.csv'],
    ['rows 1/2 and 3/4 of 10', 'rows 1/2 and 3/4 of 10'],
  ];
  for (const [message, published] of cases) assert.equal(withoutLocalPaths(message), published, message);
});
