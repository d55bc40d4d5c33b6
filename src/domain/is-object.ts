// A value read from outside (parsed JSON, a stored value) as an object whose fields can be read one by one, each of
// unknown type until checked.

/** Whether the value is an object (an array included): its fields can be read, each still to be checked. */
export function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}
