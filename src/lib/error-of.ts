// A caught value read as an Error. JavaScript lets any value be thrown or rejected, so a `catch` holds `unknown`;
// this is the one place that reads it: the Error itself, its message, and the code a Node.js system error
// (errno, e.g. 'ENOENT') or a library error (e.g. undici's 'UND_ERR_CONNECT_TIMEOUT') carries.
import { types } from 'node:util';
import { textOf, propertyOf } from './is-object.js';

/** Whether a caught value is an Error, including one made in another realm (a vm context, a worker's message). */
export function isError(caught: unknown): caught is Error {
  return caught instanceof Error || types.isNativeError(caught);
}

/** The caught value when it is an Error; anything else thrown, wrapped in an Error whose message is its text. */
export function errorOf(caught: unknown): Error {
  return isError(caught) ? caught : new Error(textOf(caught));
}

/** The message of a caught Error, or the text of anything else thrown (a string thrown is its own message). */
export function messageOf(caught: unknown): string {
  return isError(caught) ? caught.message : textOf(caught);
}

/** The string `code` a caught error carries ('ENOENT', 'EEXIST', 'EPERM', …), or undefined when it has none. */
export function errorCodeOf(caught: unknown): string | undefined {
  const code = propertyOf(caught, 'code');
  return typeof code === 'string' ? code : undefined;
}
