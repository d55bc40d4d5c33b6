// How MCP messages the limits refuse are answered: a tool call as a tool's error result, a resource read as a JSON-RPC
// error, each holding the contract's error body; and a whole batch of them, answered here before the SDK reads it.
import { errorBody, refusalError } from '../api/errors.js';
import type { LimitRefusal } from '../limits/limit-refusal.js';
import { propertyOf } from '../lib/is-object.js';

/** The JSON-RPC error code of a message the limits refused (an implementation-defined server error). */
export const LIMIT_REFUSED = -32029;

/** The contract's error body of a refusal of the limits: the one an HTTP client would get. */
export function refusalBody(refusal: LimitRefusal) {
  const refused = refusalError(refusal);
  return errorBody(refused.code, refused.message, refused.details);
}

/** A tool's error result: the error body as text, the same code and advice an HTTP client reads. */
export function toolFailure(body: unknown) {
  return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(body) }] };
}

/**
 * The answer to a batch (or a single message, `batched` false) refused whole: for each request among the messages (a
 * notification has none), what the SDK would answer for it once refused. Null when none of them is a request.
 */
export function refusedAnswer(messages: readonly unknown[], batched: boolean, refusal: LimitRefusal): unknown {
  const body = refusalBody(refusal);
  const answers = messages.flatMap((message): readonly object[] => {
    const id = propertyOf(message, 'id');
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    return propertyOf(message, 'method') === 'tools/call'
      ? [{ jsonrpc: '2.0', id, result: toolFailure(body) }]
      : [{ jsonrpc: '2.0', id, error: { code: LIMIT_REFUSED, message: refusal.message, data: body } }];
  });
  if (answers.length === 0) return null;
  return batched ? answers : answers[0];
}
