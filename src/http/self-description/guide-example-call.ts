// An example call of /llms.txt (a path and its parameters, as a person writes them) and what an example holds, and
// how a call is written: as a person reads it, and as it is sent.

/** An example call: the path and its query parameters, in order, as a person writes them. */
export interface ExampleCall {
  readonly path: string;
  readonly params: readonly (readonly [string, string])[];
}

export interface EndpointExample {
  readonly call: ExampleCall;
  /** The answer, or null where the text describes it instead. */
  readonly answer: unknown;
  /** What the example leaves out. */
  readonly abridged?: string;
  /** Where the answer comes from: invented companies, the dataset served, or what every dataset answers alike. */
  readonly source: 'fictional' | 'dataset' | 'fixed';
}

/** The call as a person reads it: values as they are. */
export function readableCall(call: ExampleCall): string {
  return joinCall(call, (value) => value);
}

/** The call as it is sent: values percent-encoded as UTF-8. */
export function encodedCall(call: ExampleCall): string {
  return joinCall(call, encodeURIComponent);
}

function joinCall(call: ExampleCall, encode: (value: string) => string): string {
  if (call.params.length === 0) return call.path;
  return `${call.path}?${call.params.map(([name, value]) => `${name}=${encode(value)}`).join('&')}`;
}
