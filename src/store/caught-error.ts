// A caught value read as an Error: a `catch` holds `unknown`, since JavaScript lets any value be thrown. Kept here
// until the project has one shared helper for it (same names and behaviour).
import { types } from 'node:util';
import { textOf } from '../domain/text-of.js';

/** The caught value when it is an Error; anything else thrown, wrapped in an Error whose message is its text. */
export function errorOf(caught: unknown): Error {
  return caught instanceof Error || types.isNativeError(caught) ? caught : new Error(textOf(caught));
}

/** The string `code` a caught error carries ('ENOENT', 'EEXIST', 'EPERM', …), or undefined when it has none. */
export function errorCodeOf(caught: unknown): string | undefined {
  if (typeof caught !== 'object' || caught === null || !('code' in caught)) return undefined;
  return typeof caught.code === 'string' ? caught.code : undefined;
}
