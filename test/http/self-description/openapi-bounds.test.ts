// The server accepts exactly what its served OpenAPI document accepts, as a property-based tester (Schemathesis,
// Prism) reads the document: every operation driven with values at and past each bound of each parameter (maxLength,
// pattern, enum, minimum and maximum, format, required, an empty value), then random text, and each answer, a success
// or a 400, agrees with the parameter schemas read by ajv and with the rules the document states in words where no
// schema can (each checked to be stated: a blank value read as absent, a code or its label, a check digit,
// include_predecessors beside corporate_number, from before to). And every method but GET and HEAD is 405 with Allow.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import fc from 'fast-check';
import Ajv2020Module from 'ajv/dist/2020.js';
import { isCalendarDate } from '../../../src/domain/dates.js';
import { demoDatabase, startServer, type TestServer } from '../../helpers/server.js';
import { ok } from '../../helpers/answers.js';
import type { OpenApiDocument, Parameter } from '../../helpers/openapi-document.js';

const Ajv2020 = Ajv2020Module.default;

let server: TestServer;
let document: OpenApiDocument;
/** Every code and label of every vocabulary, as /api/v1/vocabularies gives them, folded as the document says. */
let labels: ReadonlySet<string>;
const ajv = new Ajv2020({ strict: false, allErrors: false });
ajv.addFormat('date', isCalendarDate);

before(async () => {
  server = await startServer({ dbPath: await demoDatabase() });
  document = await ok(server, '/api/v1/openapi.json');
  const { vocabularies } = (await ok(server, '/api/v1/vocabularies')).data;
  labels = new Set(
    Object.values(vocabularies).flatMap((terms) =>
      terms.flatMap((term) => [term.code, term.name, term.name_en].map(folded)),
    ),
  );
});
after(() => server.close());

/** Case-insensitive after NFKC, white space aside, as the document says a label is read. */
const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s/gu, '');

/** A query as sent: each parameter's text, or absent. */
type Query = Readonly<Record<string, string | undefined>>;

interface Operation {
  readonly path: string;
  readonly parameters: readonly Parameter[];
  /** The document's own example of each parameter: together, a query that answers. */
  readonly base: Query;
}

function operations(): Operation[] {
  return Object.entries(document.paths).map(([path, item]) => {
    const parameters = (item.get.parameters ?? []).filter((p): p is Parameter => !('$ref' in p));
    const base = Object.fromEntries(
      parameters.map((p) => [p.name, p.example === undefined ? undefined : String(p.example)]),
    );
    return { path, parameters, base };
  });
}

/** The rules the document states in words, where no schema can say them: each must be stated, where the test says. */
const STATED = {
  blank: /An empty or whitespace-only value counts as absent/u,
  label: /accept the code, the Japanese label or the English label, case-insensitive after NFKC and white space aside/u,
  checkDigit: /`corporate_number`: 13 digits with a valid check digit/u,
  fromBeforeTo: /`from` after `to` is 400/u,
  predecessors: /with corporate_number, which true needs \(else 400\)/u,
} as const;

test('the document states in words each rule no schema can say', () => {
  for (const [rule, words] of Object.entries(STATED)) {
    const where =
      rule === 'predecessors'
        ? operations()
            .flatMap((o) => o.parameters)
            .filter((p) => p.name === 'include_predecessors')
            .map((p) => (p as Parameter & { description: string }).description)
            .join('\n')
        : document.info.description;
    assert.match(where, words, rule);
  }
});

/** Why the document refuses a query, or null when it accepts it. */
function refusal(operation: Operation, query: Query): string | null {
  const given: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const value = query[parameter.name];
    // an empty value is allowed (allowEmptyValue) and, as one of white space alone, read as absent (STATED.blank)
    if (value === undefined || value.trim() === '') {
      if (parameter.required === true) return `${parameter.name} is required`;
      continue;
    }
    const wrong = schemaRefusal(operation.path, parameter, value);
    if (wrong !== null) return wrong;
    given[parameter.name] = value;
  }
  if (given.include_predecessors === 'true' && given.corporate_number === undefined)
    return 'include_predecessors=true without corporate_number (STATED.predecessors)';
  if (given.from !== undefined && given.to !== undefined && given.from > given.to) return 'from after to';
  return null;
}

/** Why a value breaks its parameter's schema (ajv), or what the document says of a code's labels; else null. */
function schemaRefusal(path: string, parameter: Parameter, value: string): string | null {
  const schema = parameter.schema as { type?: string; anyOf?: readonly { enum?: readonly string[] }[] };
  // a query string's text read as the schema's type, as a client serialises a number
  const read = schema.type === 'integer' ? (/^-?(?:0|[1-9]\d*)$/u.test(value) ? Number(value) : value) : value;
  const check = ajv.compile(parameter.schema);
  if (!check(read)) return `${parameter.name}=${JSON.stringify(value)}: ${ajv.errorsText(check.errors)}`;
  // a vocabulary's free-text branch: the code or one of its labels (STATED.label)
  if (schema.anyOf?.some((member) => member.enum !== undefined) === true && !labels.has(folded(value)))
    return `${parameter.name}=${JSON.stringify(value)} is no code or label`;
  return parameter.name === 'corporate_number' ? checkDigit(value) : null;
}

/**
 * The check digit of a Corporate Number as written (STATED.checkDigit), the Tax Agency's rule: 9 less the sum of the
 * other twelve digits, weighted 1 and 2 from the last one on, mod 9.
 */
function checkDigit(value: string): string | null {
  const digits = [...value.normalize('NFKC').replace(/\D/gu, '')].map(Number);
  const sum = digits.slice(1).reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 2 : 1), 0);
  return digits[0] === 9 - (sum % 9) ? null : `${value}: a wrong check digit`;
}

/** The values at and past each bound of a parameter's schema, its own example among them. */
function boundValues(parameter: Parameter): (string | undefined)[] {
  const schema = parameter.schema as {
    type?: string;
    minimum?: number;
    maximum?: number;
    maxLength?: number;
    enum?: readonly string[];
    format?: string;
    pattern?: string;
    anyOf?: readonly { enum?: readonly string[]; maxLength?: number }[];
  };
  const example = parameter.example === undefined ? 'x' : String(parameter.example);
  // a path's segment is never absent or blank: its path would be another's
  const blank = parameter.in === 'path' ? [] : [undefined, '', ' ', '\u3000'];
  const values: (string | undefined)[] = [...blank, example, ` ${example}`, `${example} `];
  if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) {
    const { minimum: min, maximum: max } = schema;
    values.push(...[min, max, min - 1, max + 1].map(String), `${min}.5`, '1e1', 'x');
  }
  for (const code of schema.enum ?? []) values.push(code, code.toUpperCase(), `${code}x`);
  if (schema.format === 'date') values.push('2026-02-29', '2026-2-3', '2099-12-31', '2000-01-01', '2026-11-03T00:00Z');
  const codes = schema.anyOf?.find((member) => member.enum !== undefined)?.enum ?? [];
  if (codes.length > 0) values.push(codes[0], codes.at(-1), 'nothing_of_the_kind', 'あ'.repeat(101));
  const length = schema.maxLength ?? schema.anyOf?.find((member) => member.maxLength !== undefined)?.maxLength;
  if (length !== undefined && codes.length === 0) {
    values.push(
      ...['あ'.repeat(length), 'あ'.repeat(length + 1), ` ${'あ'.repeat(length)}`, `${'あ'.repeat(length)} `],
      ` ${'あ'.repeat(length - 1)}`,
      // a character outside the BMP is one character, two UTF-16 units
      '𠮷'.repeat(length),
      '𠮷'.repeat(length + 1),
    );
  }
  if (schema.pattern?.includes('(?:\\S+\\s+)') === true) values.push(...wordCounts());
  if (schema.pattern?.includes('[0-9０-９]') === true) values.push(...numberForms(example));
  return values;
}

/** Queries of ten and eleven words, written with every kind of white space and with characters NFKC opens up. */
function wordCounts(): string[] {
  const words = (n: number, gap = ' ') => Array.from({ length: n }, () => '北辰').join(gap);
  return [
    words(10),
    words(11),
    words(10, '\u3000'),
    words(11, '\t'),
    words(10, '\u00a0'),
    // ¸ (U+00B8) and ゛ (U+309B) are a space and a mark after NFKC, ﷺ (U+FDFA) four words: one word as written
    `${words(9)} a¸b`,
    `${words(9)} カ゛ス`,
    `${words(9)} ﷺﷺ`,
    `${words(10)} a¸b`,
    '¸',
  ];
}

/** A Corporate Number written as people write it, and as no pattern or check digit allows. */
function numberForms(example: string): string[] {
  const wide = example.replace(/\d/gu, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
  const wrong = `${(Number(example[0]) + 1) % 10}${example.slice(1)}`;
  const hyphened = `${example.slice(0, 1)}-${example.slice(1, 5)}-${example.slice(5)}`;
  return [wide, `T${example}`, hyphened, wrong, example.slice(1), `${example}0`, `${example.slice(0, 12)}x`];
}

function targetOf(operation: Operation, query: Query): string {
  let path = operation.path;
  const search = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = query[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else search.append(parameter.name, value);
  }
  const text = search.toString().replaceAll('+', '%20');
  return text === '' ? path : `${path}?${text}`;
}

/**
 * Asks the server, and checks that it accepts the query exactly when the document does: 200, or for an address the
 * document's 404 (a well-formed number or id that names nothing); else 400.
 */
async function agrees(operation: Operation, query: Query): Promise<void> {
  const target = targetOf(operation, query);
  const answer = await server.get(target);
  const refused = refusal(operation, query);
  const accepted = operation.path.includes('{') ? [200, 404] : [200];
  if (refused === null)
    assert.ok(
      accepted.includes(answer.status),
      `the document accepts ${target}: ${answer.status} ${answer.text.slice(0, 300)}`,
    );
  else assert.equal(answer.status, 400, `the document refuses ${target} (${refused}): ${answer.text.slice(0, 300)}`);
}

test('each operation answers the document’s own example, to GET and to HEAD', async () => {
  for (const operation of operations()) {
    assert.equal(refusal(operation, operation.base), null, operation.path);
    for (const method of ['GET', 'HEAD'])
      assert.equal((await server.get(targetOf(operation, operation.base), { method })).status, 200, operation.path);
  }
});

test('each parameter at and past each of its bounds: the server accepts exactly what the document accepts', async () => {
  let asked = 0;
  for (const operation of operations()) {
    for (const parameter of operation.parameters) {
      for (const value of [...new Set(boundValues(parameter))]) {
        await agrees(operation, { ...operation.base, [parameter.name]: value });
        asked += 1;
      }
    }
  }
  assert.ok(asked > 300, `${asked} queries`);
});

test('two dates, a Corporate Number and include_predecessors together: the rules between parameters hold', async () => {
  const records = operations().filter((o) => o.parameters.some((p) => p.name === 'include_predecessors'));
  assert.equal(records.length, 3);
  for (const operation of records) {
    const { base } = operation;
    for (const query of [
      { ...base, corporate_number: undefined },
      { ...base, corporate_number: ' ', include_predecessors: 'false' },
      { ...base, from: '2000-01-01', to: '1999-12-31' },
      { ...base, from: base.to, to: base.from },
    ])
      await agrees(operation, query);
  }
});

/** Text as people and testers type it: scripts, every white space, marks NFKC opens up, characters past the BMP. */
const typed = fc
  .array(fc.constantFrom('北', 'あ', 'ｶ', 'a', 'Z', '1', ' ', '\u3000', '\u00a0', '\t', '¸', '゛', 'ﷺ', '𠮷', '株'), {
    maxLength: 110,
  })
  .map((characters) => characters.join(''));

test('random text in every text parameter (fixed seed): the server accepts exactly what the document accepts', async () => {
  const texts = operations().flatMap((operation) =>
    operation.parameters
      .filter((p) => p.in === 'query' && (p.schema as { maxLength?: number }).maxLength !== undefined)
      .map((parameter) => ({ operation, parameter })),
  );
  assert.ok(texts.length >= 8);
  // by index, so that a counterexample reads short
  await fc.assert(
    fc.asyncProperty(fc.nat(texts.length - 1), typed, async (at, value) => {
      const { operation, parameter } = texts[at]!;
      await agrees(operation, { ...operation.base, [parameter.name]: value });
    }),
    { seed: 20261203, numRuns: 150 },
  );
});

/** Sends a request as written, and reads the answer's status line and Allow header. */
function exchange(request: string): Promise<{ status: number; allow: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/u.exec(text)?.[1]),
        allow: /^allow: (.*)\r$/imu.exec(text)?.[1],
      }),
    );
  });
}

/** Methods and bodies a framework reads before its routes: a QUERY with and without a type, WebDAV's, odd bodies. */
const OTHER_REQUESTS = [
  ['QUERY', ''],
  ['QUERY', 'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'],
  ['PROPFIND', 'Content-Type: application/xml\r\nContent-Length: 3\r\n\r\n<a>'],
  ['LOCK', ''],
  ['SEARCH', 'Content-Type: text/plain\r\nContent-Length: 1\r\n\r\nx'],
  ['POST', 'Content-Type: application/x-odd\r\nContent-Length: 3\r\n\r\nabc'],
  ['POST', 'Content-Type: application/json\r\nContent-Length: 4\r\n\r\n{abc'],
  ['PUT', 'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'],
  ['DELETE', 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n{\r\n0\r\n\r\n'],
  ['PATCH', ''],
  ['OPTIONS', ''],
  ['TRACE', ''],
  ['CONNECT', ''],
] as const;

test('every method but those the document lists, on every path, is 405 with Allow naming them; at /mcp, POST', async () => {
  const paths = operations().map((operation) => [targetOf(operation, operation.base), operation.path] as const);
  for (const [target, path] of [...paths, ['/mcp', null] as const]) {
    const allowed =
      path === null
        ? 'POST'
        : Object.keys(document.paths[path]!)
            .map((m) => m.toUpperCase())
            .join(', ');
    const methods: readonly (readonly [string, string])[] =
      path === null ? [['GET', ''], ['HEAD', ''], ...OTHER_REQUESTS.filter(([m]) => m !== 'POST')] : OTHER_REQUESTS;
    for (const [method, rest] of methods) {
      const head = `${method} ${target} HTTP/1.1\r\nHost: kohyo.test\r\nConnection: close\r\n`;
      const answer = await exchange(rest === '' ? `${head}\r\n` : head + rest);
      assert.deepEqual(answer, { status: 405, allow: allowed }, `${method} ${target}`);
    }
  }
});
