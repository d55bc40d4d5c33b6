// A value read from outside (parsed JSON, a stored value, an answer object, a caught error, a cell, a query
// parameter) as an object whose fields can be read one by one, each of unknown type until checked: the caller checks a
// field's type rather than asserting the whole value's shape; and as text.

/** Whether the value is an object (an array included): its fields can be read, each still to be checked. */
export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/** `value[key]` when the value is an object (an array included; inherited properties too), else undefined. */
export function propertyOf(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

/** Whether the value is an object and not an array: what JSON calls an object, its fields read by name. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return isObject(value) && !Array.isArray(value);
}

// A value read from a file, a sheet or a query string, as text: what String() would give for the strings, numbers,
// booleans and dates such sources hold, and JSON for anything else (never "[object Object]").
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof Date)
    return String(value);
  if (value === null || value === undefined) return String(value);
  return JSON.stringify(value) ?? typeof value;
}
