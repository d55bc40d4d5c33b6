// A value read from a file, a sheet or a query string, as text: what String() would give for the strings, numbers,
// booleans and dates such sources hold, and JSON for anything else (never "[object Object]").
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value instanceof Date)
    return String(value);
  if (value === null || value === undefined) return String(value);
  return JSON.stringify(value) ?? typeof value;
}
