// The long run of the property tests: many more generated query strings and raw requests against a real
// server over the fixture dataset. Run: npm run fuzz -- [--runs N] [--seed S]
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { connect } from 'node:net';
import { assertContractAnswer, assertRawAnswer, queryOf, rawRequest, request } from '../test/helpers/any-query.js';
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
    {
      numRuns: Number(values.runs),
      ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
      verbose: true,
    },
  );
  const port = Number(new URL(server.url).port);
  await fc.assert(
    fc.asyncProperty(rawRequest, async (bytes) => {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      const [requestLine = ''] = bytes.toString('utf8').split('\r\n');
      assertRawAnswer(answer, requestLine);
    }),
    { numRuns: Number(values.runs), ...(values.seed === undefined ? {} : { seed: Number(values.seed) }) },
  );
  console.log(
    `${values.runs} generated query strings and ${values.runs} raw requests answered within the contract in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await server.close();
}
