import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { errorCodeOf, errorOf, isError, messageOf } from '../../src/lib/error-of.js';

function caught(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('the action did not throw');
}

test('an Error is itself, with its own message, from this realm or another', () => {
  const error = new TypeError('bad input');
  assert.equal(errorOf(error), error);
  assert.equal(messageOf(error), 'bad input');
  const foreign: unknown = runInNewContext('new RangeError("out of range")');
  assert.equal(isError(foreign), true);
  assert.equal(errorOf(foreign), foreign);
  assert.equal(messageOf(foreign), 'out of range');
});

test('anything else thrown is read as its text, and wrapped in an Error where one is wanted', () => {
  assert.equal(messageOf('plain text'), 'plain text');
  assert.equal(messageOf(404), '404');
  assert.equal(messageOf(undefined), 'undefined');
  assert.equal(messageOf({ reason: 'x' }), '{"reason":"x"}');
  assert.equal(isError({ message: 'looks like one' }), false);
  const wrapped = errorOf('plain text');
  assert.ok(wrapped instanceof Error);
  assert.equal(wrapped.message, 'plain text');
});

test('the errno code of a Node.js system error, and undefined where a value carries no string code', () => {
  const missing = caught(() => readFileSync('/nonexistent/kohyo-error-of-test'));
  assert.equal(errorCodeOf(missing), 'ENOENT');
  assert.equal(
    errorCodeOf(Object.assign(new Error('timed out'), { code: 'UND_ERR_CONNECT_TIMEOUT' })),
    'UND_ERR_CONNECT_TIMEOUT',
  );
  assert.equal(errorCodeOf(new Error('no code')), undefined);
  assert.equal(errorCodeOf(Object.assign(new Error('numeric'), { code: 42 })), undefined);
  assert.equal(errorCodeOf('ENOENT'), undefined);
  assert.equal(errorCodeOf(null), undefined);
  assert.equal(errorCodeOf(undefined), undefined);
});
