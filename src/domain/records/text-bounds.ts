// The longest text a record's field may hold: a row whose cell is longer is skipped, naming the bound it passed.

/** A name, a title, an address, a permit number, a code: the longest real one is a few dozen characters. */
export const MAX_NAME_CHARS = 500;
/** A summary, a reason, a law's citation, an English summary: the longest real one is a long paragraph. */
export const MAX_TEXT_CHARS = 5000;
/** An address on the web (a record's page, its list) and a key made of one. */
const MAX_URL_CHARS = 2000;

const LONG_TEXT_FIELDS: ReadonlySet<string> = new Set(['summary', 'summary_en', 'reason_detail', 'law_detail']);

/** Whether a field is a long text, which may hold lines of its own; every other field is one line. */
export function isLongTextField(field: string): boolean {
  return LONG_TEXT_FIELDS.has(field);
}
const URL_FIELDS: ReadonlySet<string> = new Set(['url', 'source_key']);

/** A bound on a text's length, in characters, and the name it is documented by. */
export interface TextBound {
  readonly chars: number;
  readonly name: string;
}

/** The bound of a name, a title, an address, a code: of any field that is not a long text or an address on the web. */
export const NAME_BOUND: TextBound = { chars: MAX_NAME_CHARS, name: 'MAX_NAME_CHARS' };

/** The bound of a field, by its name (the last part of its path), and the words that name it. */
export function boundOf(field: string): TextBound {
  if (isLongTextField(field)) return { chars: MAX_TEXT_CHARS, name: 'MAX_TEXT_CHARS' };
  if (URL_FIELDS.has(field)) return { chars: MAX_URL_CHARS, name: 'MAX_URL_CHARS' };
  return NAME_BOUND;
}

/** How far a text of `length` characters passes its bound: '5,000,000 characters, over its bound of 500 (…)'. */
export function overBoundWords(length: number, bound: TextBound): string {
  const chars = (n: number) => n.toLocaleString('en');
  return `${chars(length)} characters, over its bound of ${chars(bound.chars)} (${bound.name})`;
}

/**
 * One sentence for each string of a record (or of any value read from a file) longer than its field's bound:
 * `company.name is 5,000,000 characters, over its bound of 500 (MAX_NAME_CHARS)`. Arrays and objects are walked.
 */
export function overBound(value: unknown, path = ''): string[] {
  if (typeof value === 'string') {
    const field =
      path
        .replace(/\[\d+\]$/u, '')
        .split('.')
        .at(-1) ?? path;
    const bound = boundOf(field);
    return value.length > bound.chars ? [`${path} is ${overBoundWords(value.length, bound)}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => overBound(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => overBound(v, path === '' ? k : `${path}.${k}`));
  return [];
}
