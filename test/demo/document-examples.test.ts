// The documents' examples (the OpenAPI document's answers, the guide's examples where no dataset is open) are what the
// demo dataset answers today: regenerated and compared, so that a change to an answer or to the demo fails here until
// `npm run openapi:examples` is run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentExamples, EXAMPLES_NOW } from '../../demo/document-examples.js';
import { DOCUMENT_EXAMPLES } from '../../src/http/self-description/document-examples.generated.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';

test("the committed examples are the demo dataset's answers (else run npm run openapi:examples)", async () => {
  assert.equal(EXAMPLES_NOW.getTime(), TEST_NOW.getTime(), 'the examples and the tests build the demo at one instant');
  const regenerated = await documentExamples(await demoDatabase());
  assert.deepEqual(regenerated.openapi, DOCUMENT_EXAMPLES.openapi);
  assert.deepEqual(regenerated.parameters, DOCUMENT_EXAMPLES.parameters);
  assert.deepEqual(regenerated.guide, DOCUMENT_EXAMPLES.guide);
});
