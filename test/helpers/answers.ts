// Reading an endpoint's answer in tests: the body of a 200, and what a list answers, by id, in its order.
import assert from 'node:assert/strict';
import type { TestServer } from './server.js';

/** The body of a 200 answer; any other status fails the test with the answer's text. */
export async function ok(server: TestServer, path: string): Promise<any> {
  const response = await server.get(path);
  assert.equal(response.status, 200, `${path}: ${response.text}`);
  return response.body;
}

/** The key of `data` a record endpoint lists under: /api/v1/procurement-suspensions → procurement_suspensions. */
export function listKey(path: string): string {
  return path.split('?')[0]!.split('/').pop()!.replaceAll('-', '_');
}

/** The ids of the records a record endpoint answers, in its order. */
export async function recordIds(server: TestServer, path: string): Promise<string[]> {
  const body = await ok(server, path);
  return body.data[listKey(path)].map((r: { id: string }) => r.id);
}
