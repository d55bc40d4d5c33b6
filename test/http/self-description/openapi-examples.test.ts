// The OpenAPI document's example answers are what the demo dataset answers today: regenerated and compared, so that
// a change to an answer or to the demo fails here until `npm run openapi:examples` is run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exampleAnswers, EXAMPLES_NOW } from '../../../demo/openapi-examples.js';
import { OPENAPI_EXAMPLES } from '../../../src/http/self-description/openapi-examples.generated.js';
import { demoDatabase, TEST_NOW } from '../../helpers/server.js';

test("the committed examples are the demo dataset's answers (else run npm run openapi:examples)", async () => {
  assert.equal(EXAMPLES_NOW.getTime(), TEST_NOW.getTime(), 'the examples and the tests build the demo at one instant');
  assert.deepEqual(await exampleAnswers(await demoDatabase()), OPENAPI_EXAMPLES);
});
