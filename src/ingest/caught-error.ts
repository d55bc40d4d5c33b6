// A caught value read as an Error, for the importers and the collector. A `catch` holds `unknown` (JavaScript lets
// any value be thrown); this reads its message, and the code a Node.js system error ('ENOENT') or a library error
// (undici's 'UND_ERR_CONNECT_TIMEOUT') carries, without assuming an Error was thrown.
import { types } from 'node:util';
import { textOf } from '../domain/text-of.js';

/** The message of a caught Error (one from another realm too), or the text of anything else thrown. */
export function messageOf(caught: unknown): string {
  return caught instanceof Error || types.isNativeError(caught) ? caught.message : textOf(caught);
}

/** The string `code` a caught error carries ('ENOENT', 'ECONNRESET', …), or undefined when it has none. */
export function errorCodeOf(caught: unknown): string | undefined {
  if (typeof caught !== 'object' || caught === null || !('code' in caught)) return undefined;
  return typeof caught.code === 'string' ? caught.code : undefined;
}
