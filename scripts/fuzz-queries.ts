// The long run of the property test (issue 9): many more generated requests against a real server over the
// fixture dataset. Run: npm run fuzz -- [--runs N] [--seed S]
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { assertContractAnswer, queryOf, request } from '../test/helpers/any-query.js';
import { fixtureDatabase } from '../test/helpers/fixture-dataset.js';
import { startServer } from '../test/helpers/server.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20000' }, seed: { type: 'string' } } });
const server = await startServer({ dbPath: await fixtureDatabase() });
const started = Date.now();
try {
  await fc.assert(
    fc.asyncProperty(request, async ({ path, parameters, method }) => {
      const url = `${path}?${queryOf(parameters)}`;
      const answer = await server.get(url, { method });
      assertContractAnswer(answer.status, method, answer.body, `${method} ${url}`);
    }),
    { numRuns: Number(values.runs), ...(values.seed === undefined ? {} : { seed: Number(values.seed) }), verbose: true },
  );
  console.log(`${values.runs} generated requests answered within the contract in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
