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

/** Any UTF-16 code unit, so that lone surrogates come up too. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

export function hostileText(maxParts = 8): fc.Arbitrary<string> {
  const fragment = fc.oneof(
    fc.constantFrom(...FRAGMENTS),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.string({ unit: codeUnit, maxLength: 8 }),
  );
  return fc.array(fragment, { maxLength: maxParts }).map((parts) => parts.join(''));
}
