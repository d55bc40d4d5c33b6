// Text as a hostile record or request could hold it, for property tests of what writes it out: markup, the end of a
// CDATA section, every control character, U+FFFE/U+FFFF, lone surrogates, and any code point at all.
import fc from 'fast-check';

/** A summary that forged an entry in the feed the `feed` package wrote. */
export const PHISH =
  'x]]>y]]></summary><link rel="alternate" href="https://evil.example/phish"/></entry><entry><title>forged</title>';

const FRAGMENTS = [
  ']]>',
  '<![CDATA[',
  '<',
  '>',
  '&',
  '&amp;',
  '"',
  "'",
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u0000',
  '\u0008',
  '\u000b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\uFFFE',
  '\uFFFF',
  '\uD800',
  '\uDFFF',
  '\uD83D\uDE00',
  '</entry><entry>',
  PHISH,
];

const SURROGATES = { first: 0xd800, count: 0x800 };

/**
 * Any code point but a surrogate, drawn as fast-check's `unit: 'binary'` draws one: the same index over the same two
 * ranges, small ones first, and read back the same way, so that fast-check still mixes in its dangerous strings
 * (`__proto__`, `constructor`). Read back by arithmetic, where fast-check's own unit builds a map of all 1,112,064 code
 * points the first time a process asks for it: about 3 s of CPU on the idle 2-core machine, many times that under load,
 * holding the event loop of whichever test asked first.
 */
export const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff - SURROGATES.count }).map(
  (index) => String.fromCodePoint(index < SURROGATES.first ? index : index + SURROGATES.count),
  (unit) => {
    const point = typeof unit === 'string' && unit.length <= 2 ? unit.codePointAt(0) : undefined;
    if (point === undefined || String.fromCodePoint(point) !== unit) throw new Error('not one code point');
    if (point < SURROGATES.first) return point;
    if (point >= SURROGATES.first + SURROGATES.count) return point - SURROGATES.count;
    throw new Error('a surrogate');
  },
);

/** Any UTF-16 code unit, so that lone surrogates come up too. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export function hostileText(maxParts = 8): fc.Arbitrary<string> {
  const fragment = fc.oneof(
    fc.constantFrom(...FRAGMENTS),
    fc.string({ unit: anyCodePoint, maxLength: 8 }),
    fc.string({ unit: codeUnit, maxLength: 8 }),
  );
  return fc.array(fragment, { maxLength: maxParts }).map((parts) => parts.join(''));
}
