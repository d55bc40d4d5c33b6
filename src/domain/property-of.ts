// A property of a value whose shape is not known: parsed JSON, an answer object, a caught error. Read without
// assuming the value is an object, so the caller checks the property's type (typeof) rather than asserting the
// whole value's shape.

/** `value[key]` when the value is an object (including an array), else undefined. */
export function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
