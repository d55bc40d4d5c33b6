// Turning a text file's bytes into a string: UTF-8 with or without BOM, or Shift_JIS (CP932), never silently wrong.
import iconv from 'iconv-lite';
import type { TextEncoding } from './column-mapping.js';

export type Decoded =
  | {
      readonly ok: true;
      readonly text: string;
      readonly encoding: 'utf-8' | 'shift_jis';
      /** Said when the text decoded but may still be the wrong reading (see a missing header). */
      readonly hint: string | null;
    }
  | { readonly ok: false; readonly error: string };

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * Decodes by the mapping's encoding. 'auto' takes a BOM, else strict UTF-8, else CP932 (Microsoft's
 * Shift_JIS, which the ministries' Excel exports write). A file that does not decode cleanly is refused.
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncoding = 'auto'): Decoded {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return {
      ok: false,
      error: 'the file is UTF-16 (it starts with a UTF-16 byte order mark); only UTF-8 and Shift_JIS are read',
    };
  }
  if (UTF8_BOM.every((b, i) => bytes[i] === b)) {
    const utf8 = strictUtf8(bytes.subarray(3));
    if (utf8.ok) return { ok: true, text: utf8.text, encoding: 'utf-8', hint: null };
    return { ok: false, error: `the file starts with a UTF-8 byte order mark but is not valid UTF-8 (${utf8.where})` };
  }
  if (encoding === 'shift_jis') return shiftJis(bytes, strictUtf8(bytes).ok && hasNonAscii(bytes));
  const utf8 = strictUtf8(bytes);
  if (utf8.ok) return { ok: true, text: utf8.text, encoding: 'utf-8', hint: null };
  if (encoding === 'utf-8') {
    const sjis = shiftJis(bytes, false);
    const looks = sjis.ok ? "; the bytes read cleanly as Shift_JIS, so the mapping's encoding may be wrong" : '';
    return { ok: false, error: `the file is not valid UTF-8 (${utf8.where})${looks}` };
  }
  const sjis = shiftJis(bytes, false);
  if (sjis.ok) return sjis;
  return { ok: false, error: `the file is neither UTF-8 (${utf8.where}) nor Shift_JIS: ${sjis.error}` };
}

function shiftJis(bytes: Uint8Array, alsoUtf8: boolean): Decoded {
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'cp932');
  // iconv-lite writes U+FFFD for each byte sequence CP932 does not define.
  const bad = text.indexOf('\uFFFD');
  if (bad >= 0) {
    const count = [...text.matchAll(/\uFFFD/gu)].length;
    const utf8 = alsoUtf8 ? "; the bytes are valid UTF-8, so the mapping's encoding may be wrong" : '';
    return {
      ok: false,
      error: `the file does not decode as Shift_JIS: ${count} undecodable byte sequence(s), the first at ${lineOf(text, bad)}${utf8}`,
    };
  }
  const hint = alsoUtf8 ? 'The file is also valid UTF-8: its encoding may be UTF-8 rather than Shift_JIS.' : null;
  return { ok: true, text, encoding: 'shift_jis', hint };
}

type Utf8 = { ok: true; text: string } | { ok: false; where: string };

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function strictUtf8(bytes: Uint8Array): Utf8 {
  try {
    return { ok: true, text: strictDecoder.decode(bytes) };
  } catch {
    const text = lenientDecoder.decode(bytes);
    return { ok: false, where: `first bad byte at ${lineOf(text, text.indexOf('\uFFFD'))}` };
  }
}

function lineOf(text: string, index: number): string {
  const before = text.slice(0, Math.max(0, index));
  const line = before.split('\n').length;
  return `line ${line}`;
}

function hasNonAscii(bytes: Uint8Array): boolean {
  return bytes.some((b) => b >= 0x80);
}
