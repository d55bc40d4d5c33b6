// docs/data-sources.md's tables of a source file's keys and of each kind's fields are the code's, so they cannot
// drift: made from the schema a file is validated against, the fields' meanings, the kinds' requirements and propose's
// header words by `npm run docs:fields` (scripts/source-fields-doc.ts), so that they cannot drift from them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { MAPPED_FIELDS } from '../../src/ingest/parsers/column-mapping.js';
import { DATA_SOURCES, sourceFieldsSection, withFieldsSection } from '../../scripts/source-fields-doc.js';

const document = readFileSync(DATA_SOURCES, 'utf8');

test('the tables of docs/data-sources.md are those npm run docs:fields makes from the code', () => {
  const made = withFieldsSection(document);
  assert.ok(made !== null, 'the document holds the markers of the tables');
  assert.ok(made === document, 'docs/data-sources.md differs from what `npm run docs:fields` makes: run it');
});

test("each kind's fields: one row each, with whether each kind requires it and the header words propose knows it by", () => {
  const rows = sourceFieldsSection()
    .split('\n')
    .filter((line) => /^\| `[a-z_]+` \| [^|]+ \| [^|]+ \|/u.test(line) && line.split('|').length === 9);
  assert.deepEqual(
    rows.map((row) => /^\| `([a-z_]+)`/u.exec(row)?.[1]),
    MAPPED_FIELDS,
  );
  const summary = rows.find((row) => row.startsWith('| `summary` |'));
  assert.match(summary ?? '', /\| required \| {2}\| {2}\| 事案概要, 事案の概要, 違反内容/u);
  const law = rows.find((row) => row.startsWith('| `law` |'));
  assert.match(law ?? '', /\| required, or `fixed\.law` \|/u);
  const period = rows.find((row) => row.startsWith('| `period` |'));
  assert.match(period ?? '', /\| {2}\| required, or `period_from` \| read \|/u);
});
