// How a query string is read before any endpoint's schema, as the contract reads it: no bulk access, no parameter
// the endpoint does not take, each one once, blank values absent, whole numbers in plain digits. What the values mean
// once the schema has passed them is ./query-rules.ts; src/api/errors.ts words every refusal.
import { ApiError, echoed } from './errors.js';
import { textOf } from '../domain/is-object.js';

type CleanQuery = Record<string, string>;

/**
 * The query string as the schema is given it, or the contract's error for the first rule it breaks: no bulk access,
 * no parameter the endpoint does not take, each one once, blank values absent, whole numbers in plain digits (ajv's
 * coercion would read 1e1, 0x0A or +5 as numbers).
 */
export function readQueryString(
  raw: Readonly<Record<string, unknown>>,
  allowed: ReadonlySet<string>,
  integers: ReadonlySet<string> = new Set(),
): CleanQuery {
  const names = Object.keys(raw);
  for (const name of names)
    if (name === 'offset' || name === 'cursor')
      throw new ApiError(
        'bulk_access_not_provided',
        `${name} is not provided: this API answers searches, not bulk listings. Use filters to narrow the result instead.`,
        { parameter: name },
      );
  for (const name of names) if (!allowed.has(name)) throw unknownParameter(name, allowed);
  const clean: CleanQuery = {};
  for (const name of names) {
    const value = raw[name];
    if (Array.isArray(value)) {
      throw new ApiError('invalid_parameter', `${name} is given ${value.length} times; give it once.`, {
        parameter: name,
      });
    }
    const text = (value === undefined || value === null ? '' : textOf(value)).trim();
    if (text === '') continue;
    // and no more digits than a number holds exactly: 310 nines are Infinity to JavaScript
    if (integers.has(name) && (!/^\d+$/u.test(text) || !Number.isSafeInteger(Number(text)))) {
      throw new ApiError(
        'invalid_parameter',
        `${name} must be a whole number written in digits, got "${echoed(text)}".`,
        { parameter: name },
      );
    }
    clean[name] = text;
  }
  return clean;
}

function unknownParameter(name: string, allowed: ReadonlySet<string>): ApiError {
  const known = [...allowed];
  return new ApiError(
    'unknown_parameter',
    known.length === 0
      ? `${echoed(name)} is not a parameter of this endpoint, which takes none.`
      : `${echoed(name)} is not a parameter of this endpoint; it takes ${known.join(', ')}.`,
    { parameter: name, allowed: known },
  );
}
