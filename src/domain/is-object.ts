// A value read from outside (parsed JSON, a stored value, an answer object, a caught error) as an object whose fields
// can be read one by one, each of unknown type until checked: the caller checks a field's type rather than asserting
// the whole value's shape.

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
