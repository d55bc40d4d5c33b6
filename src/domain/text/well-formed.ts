// Whether a text from outside is text: a parameter as the query string or an MCP call gives it. Broken UTF-8, an
// overlong encoding, a lone surrogate, a NUL or a broken %-escape would otherwise reach the search as if it were a query.

/** What is wrong with a text, in words a refusal can end on; null when it is well-formed. */
export type IllFormed = 'a broken %-escape' | 'bytes that are not UTF-8' | 'a lone surrogate' | 'a NUL character';

/** A surrogate not in a pair: with the u flag a pair is one code point, which \p{Cs} does not match. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with a decoded text (an MCP argument, a decoded parameter): a lone surrogate or a NUL; else null. */
export function illFormedText(text: string): IllFormed | null {
  if (LONE_SURROGATE.test(text)) return 'a lone surrogate';
  return text.includes('\u0000') ? 'a NUL character' : null;
}

/** A `%` that does not start two hexadecimal digits. */
const BROKEN_ESCAPE = /%(?![0-9A-Fa-f]{2})/u;

/**
 * What is wrong with a part of a query string as sent (percent-encoded, `+` for a space): a broken escape, escapes that
 * are not UTF-8 (a truncated sequence, an overlong encoding, an encoded surrogate: decodeURIComponent refuses each), or
 * a decoded text that illFormedText refuses; null when it is well-formed text. A part without `%` is text as it is.
 */
export function illFormedEncoded(encoded: string): IllFormed | null {
  if (!encoded.includes('%')) return null;
  if (BROKEN_ESCAPE.test(encoded)) return 'a broken %-escape';
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return 'bytes that are not UTF-8';
  }
  return illFormedText(decoded);
}
