// The XML writer: escaping by construction. Cases by table, then any text and any attribute value
// (fast-check) written and read back by libxml2: always well-formed, the value whole minus what XML 1.0 forbids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  el,
  escapeAttribute,
  escapeText,
  writeElement,
  xmlChars,
  xmlDocument,
} from '../../../src/http/feeds/xml-writer.js';
import { xmlValues } from '../../helpers/xml-values.js';
import { hostileText } from '../../helpers/hostile-text.js';

test('text and attribute values are escaped where they are written', () => {
  const cases: readonly (readonly [string, string, string])[] = [
    // [value, as text, as attribute]
    ['plain', 'plain', 'plain'],
    ['a & b', 'a &amp; b', 'a &amp; b'],
    ['<x>', '&lt;x&gt;', '&lt;x&gt;'],
    ['x]]>y]]></summary>', 'x]]&gt;y]]&gt;&lt;/summary&gt;', 'x]]&gt;y]]&gt;&lt;/summary&gt;'],
    ['say "hi"', 'say "hi"', 'say &quot;hi&quot;'],
    ['tab\tline\nreturn\r', 'tab\tline\nreturn&#13;', 'tab&#9;line&#10;return&#13;'],
    ['nul\u0000bell\u0007esc\u001b', 'nulbellesc', 'nulbellesc'],
    ['\uFFFE\uFFFF\uFFFD', '\uFFFD', '\uFFFD'],
    ['lone \uD800 and \uDC00 halves', 'lone  and  halves', 'lone  and  halves'],
    ['a pair \uD83D\uDE00 stays', 'a pair \uD83D\uDE00 stays', 'a pair \uD83D\uDE00 stays'],
    ['C1 \u0085 is allowed', 'C1 \u0085 is allowed', 'C1 \u0085 is allowed'],
  ];
  for (const [value, text, attribute] of cases) {
    assert.equal(escapeText(value), text, JSON.stringify(value));
    assert.equal(escapeAttribute(value), attribute, JSON.stringify(value));
  }
});

test('elements: attributes and children in order, empty ones closed, absent ones left out', () => {
  const tree = el(
    'feed',
    { xmlns: 'http://www.w3.org/2005/Atom', 'xml:lang': 'ja', skipped: null },
    el('link', { href: '/a?b=1&c=2' }),
    null,
    [el('title', {}, 'one'), 'two & three'],
    undefined,
  );
  assert.equal(
    writeElement(tree),
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ja"><link href="/a?b=1&amp;c=2"/><title>one</title>two &amp; three</feed>',
  );
});

test("a name is the code's own: one outside XML names is refused, never written", () => {
  for (const name of ['', 'a b', 'x"', '1st', 'a>b', 'é', 'a:b:c']) {
    assert.throws(() => el(name), /not an XML name/u, name);
    assert.throws(() => el('ok', { [name]: 'v' }), /not an XML name/u, name);
  }
});

// about as many values as 150 documents of up to 6 items gave, in 30 documents of up to 30: each document is a run of
// xmllint, and 150 of them cost 4 s of CPU more
test('any text and any attribute value give a well-formed document that reads back as the value, minus forbidden characters', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(hostileText(), hostileText()), { maxLength: 30, size: 'max' }),
      async (pairs) => {
        const xml = xmlDocument(
          el('root', {}, ...pairs.map(([text, attribute]) => el('item', { a: attribute }, text))),
        );
        const read = await xmlValues(xml, [
          'count(/root/item)',
          ...pairs.flatMap((_, i) => [`/root/item[${i + 1}]`, `/root/item[${i + 1}]/@a`]),
        ]);
        assert.equal(read[0], String(pairs.length));
        pairs.forEach(([text, attribute], i) => {
          assert.equal(read[1 + 2 * i], xmlChars(text));
          assert.equal(read[2 + 2 * i], xmlChars(attribute));
        });
      },
    ),
    { numRuns: 30 },
  );
});
