// The first refusal of all: a query parameter given more times than any client has reason to give it.
import { ApiError, echoed } from '../api/errors.js';
import { isObject } from '../domain/is-object.js';

/** The contract's bound: a parameter given more than this many times is refused before any other work. */
const MAX_PARAMETER_REPEATS = 10;

/**
 * The refusal of a parsed query that gives some parameter more than MAX_PARAMETER_REPEATS times, or null. Every
 * endpoint refuses a repeated parameter anyway (query-string.ts), but only after the limits have read and normalised
 * each value: a request of 1,800 values of `q` cost tens of milliseconds before its refusal.
 */
export function repeatedParameterRefusal(query: unknown): ApiError | null {
  if (!isObject(query)) return null;
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value) && value.length > MAX_PARAMETER_REPEATS) {
      return new ApiError(
        'invalid_parameter',
        `${echoed(name)} is given ${value.length} times; give each parameter once (at most ${MAX_PARAMETER_REPEATS} times is read at all).`,
        { parameter: name },
      );
    }
  }
  return null;
}
