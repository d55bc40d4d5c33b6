// Text from files Kohyo does not control: cleaned once at ingest, and escaped wherever text is printed to a terminal.

/**
 * The characters a cell may not keep: the C0 controls but tab and newline (ESC, BEL, NUL, …), DEL, the C1 controls,
 * the marks and controls that set the direction of text (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069),
 * which would reorder the words around a cell wherever it is shown, and what is no character at all: U+FFFE, U+FFFF
 * and a lone surrogate (with the u flag a paired one is a single code point, which the class leaves alone), which
 * XML forbids and UTF-8 cannot store. Removed rather than replaced: no publisher means one, and a replacement would
 * be a character the publisher did not write.
 */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]/gu;

/** What a terminal must not receive raw: the characters above, a carriage return and the Unicode line separators. */
const UNPRINTABLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A cell's text as Kohyo keeps it: line ends made `\n` (CR LF, CR, U+2028 and U+2029 alike), then every unsafe
 * character above removed. Tab and newline stay: they are how a cell's text is laid out.
 */
export function cleanText(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/gu, '\n').replace(UNSAFE, '');
}

/**
 * Text on one line: every run of white space (line ends, tabs, full-width spaces) one space, and none at either end;
 * for a header, a title or a cell shown or matched on one line.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Every string of a value cleaned (cleanText), arrays and plain objects walked; anything else as it is. */
export function cleanStrings(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanStrings);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), cleanStrings(v)]));
  return value;
}

/**
 * Text fit for a terminal: each character above written as its escape (`\x1b`, `\u202e`), so that no text of a
 * file, a client or a dataset can move the cursor, ring, retitle the window or reorder what is printed around it.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * A text kept to `maxChars`, with how long it was when cut: what a run keeps of a cell or a note that quotes one
 * ('…… (5,000,000 characters)').
 */
export function cutText(text: string, maxChars: number): string {
  return text.length <= maxChars
    ? text
    : `${text.slice(0, maxChars)}… (${text.length.toLocaleString('en')} characters)`;
}
