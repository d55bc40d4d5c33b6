// Reading an endpoint's answer in tests: the body of a 200, the error of an error answer, and what a list answers, by
// id, in its order.
import assert from 'node:assert/strict';
import type { TestServer } from './server.js';
import { isErrorResponse, type TestResponse } from './test-response.js';
import type { Answer, ErrorAnswer, RecordListPath, RequestPath, Schema } from './documented-answers.js';

/** The body of a 200 answer; any other status fails the test with the answer's text (after `what`, when given). */
export function answerOf<P extends string>(response: TestResponse<P>, what?: string): Answer<P> {
  assert.equal(response.status, 200, what === undefined ? response.text : `${what}: ${response.text}`);
  return response.body;
}

/** The body of the 200 answer to a GET of `path`; any other status fails the test with the answer's text. */
export async function ok<P extends string>(server: TestServer, path: P): Promise<Answer<P>> {
  return answerOf(await server.get(path), path);
}

/** The error an answer carries; an answer that is not an error fails the test with its text. */
export function errorOfAnswer(response: TestResponse): ErrorAnswer['error'] {
  assert.ok(isErrorResponse(response), `not an error: ${response.status} ${response.text}`);
  return response.body.error;
}

/** The error a failed MCP tool call answers: its text is the endpoint's error answer. */
export function toolError(result: Readonly<Record<string, unknown>>): ErrorAnswer['error'] {
  return (JSON.parse((result.content as { text: string }[])[0]!.text) as ErrorAnswer).error;
}

/** What a successful MCP tool call answers: its text is the endpoint's JSON answer (typed by the caller). */
export function toolAnswer<T = Record<string, unknown>>(result: Readonly<Record<string, unknown>>): T {
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  return JSON.parse((result.content as { text: string }[])[0]!.text) as T;
}

/** A record of any of the record endpoints. */
export type ListedRecord = Schema<'Enforcement'> | Schema<'ProcurementSuspension'> | Schema<'LicenseAction'>;

/** The key of `data` a record endpoint lists under: /api/v1/procurement-suspensions → procurement_suspensions. */
function listKey(path: string): string {
  return path.split('?')[0]!.split('/').pop()!.replaceAll('-', '_');
}

/** The records a record endpoint's answer lists, in its order; `path` names the endpoint, as its path or its key. */
export function recordsOf(answer: Answer<RequestPath<RecordListPath>>, path: string): readonly ListedRecord[] {
  const lists: Readonly<Record<string, readonly ListedRecord[]>> = answer.data;
  return lists[listKey(path)]!;
}

/** The ids of the records a record endpoint answers, in its order. */
export async function recordIds(server: TestServer, path: RequestPath<RecordListPath>): Promise<string[]> {
  return recordsOf(await ok(server, path), path).map((r) => r.id);
}
