// The contract's query rules that come before schema validation: bulk access, unknown and repeated
// parameters, and empty values treated as absent.
import { ApiError, echoed } from '../api/errors.js';
import { textOf } from '../domain/text-of.js';

export type CleanQuery = Record<string, string>;

/** Applies the rules to a parsed query string; throws the contract's error for the first rule broken. */
export function applyQueryRules(
  raw: Readonly<Record<string, unknown>>,
  allowed: ReadonlySet<string>,
  integers: ReadonlySet<string> = new Set(),
): CleanQuery {
  const names = Object.keys(raw);
  const bulk = names.find((name) => name === 'offset' || name === 'cursor');
  if (bulk !== undefined) {
    throw new ApiError(
      'bulk_access_not_provided',
      `${bulk} is not provided: this API answers searches, not bulk listings. Use filters to narrow the result instead.`,
      { parameter: bulk },
    );
  }
  const unknown = names.find((name) => !allowed.has(name));
  if (unknown !== undefined) {
    const known = [...allowed];
    throw new ApiError(
      'unknown_parameter',
      known.length === 0
        ? `${echoed(unknown)} is not a parameter of this endpoint, which takes none.`
        : `${echoed(unknown)} is not a parameter of this endpoint; it takes ${known.join(', ')}.`,
      { parameter: unknown, allowed: known },
    );
  }
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
    // plain decimal digits only: schema coercion would otherwise read 1e1, 0x0A or +5 as numbers
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
