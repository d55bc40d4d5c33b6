// Text from files Kohyo does not control: cleaned once at ingest, and escaped wherever text is printed to a terminal.

/**
 * What a terminal reads as one escape sequence, removed whole so that none of it is left as text: a CSI (ESC [ or
 * U+009B, its parameter and intermediate bytes, its final byte; a sequence cut short loses what it has), an OSC or
 * another control string (ESC ], P, X, ^ or _, or U+009D, U+0090, U+0098, U+009E, U+009F) up to its terminator (BEL,
 * ESC \ or U+009C; one never terminated loses its opening only, since a terminal would swallow the rest of the cell
 * with it), and any other ESC with its intermediate and final bytes (ESC ( B, ESC 7, ESC c).
 */
const ESCAPE_SEQUENCE =
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)|\u001b[\u0020-\u002f]*[\u0030-\u007e]/gu;

/**
 * The characters a cell may not keep: the C0 controls but tab and the line breaks (ESC, BEL, NUL, …), DEL, the C1
 * controls, the marks and controls that set the direction of text (U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069), which would reorder the words around a cell wherever it is shown, and what is no character at all:
 * U+FFFE, U+FFFF and a lone surrogate (with the u flag a paired one is a single code point, which the class leaves
 * alone), which XML forbids and UTF-8 cannot store. Removed rather than replaced: no publisher means one, and a
 * replacement would be a character the publisher did not write.
 */
const UNSAFE =
  /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]/gu;

/** A line break in any of its forms: CR LF, LF, CR, VT, FF, NEL (U+0085), LINE and PARAGRAPH SEPARATOR. */
const BREAK = String.raw`\r\n|[\n\v\f\r\u0085\u2028\u2029]`;
export const LINE_BREAK = new RegExp(BREAK, 'gu');
const LINE_BREAKS = new RegExp(`(?:${BREAK})+`, 'gu');

/** Whether a text holds anything the cleaning below would change: most cells hold nothing of it, and are kept as they are. */
const ANY_TO_CLEAN =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]/u;

/** What a terminal must not receive raw: every control but tab and newline, the line separators, direction marks. */
const UNPRINTABLE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A multi-line text (a summary, a reason) as Kohyo keeps it: escape sequences removed whole, every line break made
 * `\n`, then every unsafe character above removed. Tab and newline stay: they are how such a text is laid out.
 */
export function cleanText(text: string): string {
  if (!ANY_TO_CLEAN.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(LINE_BREAK, '\n').replace(UNSAFE, '');
}

/**
 * Text on one line: every run of white space (line ends, tabs, full-width spaces) one space, and none at either end;
 * for a header, a title or a cell shown or matched on one line.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * A single-line text (a name, an address, a title, a code) as Kohyo keeps it: cleaned as above, and each run of line
 * breaks folded to one space, so that no field printed on one line can start another (a fake line on a terminal, a
 * header in a log).
 */
export function cleanLine(text: string): string {
  if (!ANY_TO_CLEAN.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(LINE_BREAKS, ' ').replace(UNSAFE, '');
}

/**
 * Every string of a value cleaned, arrays and plain objects walked; anything else as it is. A string under a key
 * `multiLine` names is cleaned as a multi-line text (cleanText), every other string and every key as a line.
 */
export function cleanStrings(value: unknown, multiLine: (key: string) => boolean, key = ''): unknown {
  if (typeof value === 'string') return multiLine(key) ? cleanText(value) : cleanLine(value);
  if (Array.isArray(value)) return value.map((v) => cleanStrings(v, multiLine, key));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [cleanLine(k), cleanStrings(v, multiLine, cleanLine(k))]),
    );
  return value;
}

/**
 * Text fit for a terminal: each character above written as its escape (`\x1b`, `\u2028`, `\u202e`), so that no text
 * of a file, a client or a dataset can move the cursor, ring, retitle the window, start a line of its own (CR, VT,
 * FF, NEL and the Unicode separators included) or reorder what is printed around it. A newline stays: the commands'
 * own lines are joined by it, and the text they print of a file is single-line by then (cleanLine, quoted).
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

/**
 * The most of a file's text (a cell, a header, a sheet's name) a message quotes: enough to find it in the file, and
 * never more of the file than that, since a run's error is published (`last_error`).
 */
export const MAX_QUOTED_CHARS = 40;

/** A file's text as a message quotes it: one line, cleaned, spaces folded, cut to MAX_QUOTED_CHARS with `…`. */
export function excerpt(text: string): string {
  const line = cleanLine(text).replace(/\s+/gu, ' ').trim();
  const chars = [...line];
  return chars.length <= MAX_QUOTED_CHARS ? line : `${chars.slice(0, MAX_QUOTED_CHARS).join('').trimEnd()}…`;
}
