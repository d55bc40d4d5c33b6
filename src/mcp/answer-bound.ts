// The bound on a tool's answer: an agent reads every byte of it into its context, so an answer is held under a
// cap, a list answer by keeping its first rows (as a lower `limit` would have) and saying there is more.
import { isRecord } from '../lib/is-object.js';
import { MCP_ANSWER_BYTES } from '../api/catalogue.js';

export const ANSWER_BYTES = MCP_ANSWER_BYTES;

/** The size an answer body takes as the text of a tool result inside a JSON-RPC message. */
export function answerBytes(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(JSON.stringify(body)));
}

/**
 * The answer within `cap` bytes, or null when it cannot be. A list answer (`data` holds lists, `meta.returned` and
 * `meta.has_more`) over the cap loses rows from the end of its longest list until it fits, and says so by
 * `meta.returned` and `meta.has_more: true`; any other answer is kept whole or not at all.
 */
export function boundAnswer(
  body: Readonly<Record<string, unknown>>,
  listAnswer: boolean,
  cap = ANSWER_BYTES,
): Readonly<Record<string, unknown>> | null {
  if (answerBytes(body) <= cap) return body;
  const data = body.data;
  const meta = body.meta;
  if (!listAnswer || !isRecord(data) || !isRecord(meta)) return null;
  const lists = new Map<string, unknown[]>();
  for (const [name, value] of Object.entries(data)) {
    if (Array.isArray(value))
      lists.set(
        name,
        value.map((row: unknown) => row),
      );
  }
  const trimmed = (): Record<string, unknown> => ({
    ...body,
    data: { ...data, ...Object.fromEntries(lists) },
    meta: { ...meta, returned: [...lists.values()].reduce((sum, rows) => sum + rows.length, 0), has_more: true },
  });
  for (;;) {
    const longest = [...lists.values()].reduce<unknown[] | null>(
      (most, rows) => (rows.length > 0 && (most === null || rows.length > most.length) ? rows : most),
      null,
    );
    if (longest === null) return null;
    longest.pop();
    const answer = trimmed();
    if (answerBytes(answer) <= cap) return answer;
  }
}
