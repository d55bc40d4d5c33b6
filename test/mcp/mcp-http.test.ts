// The MCP server at /mcp through the SDK's own client over Streamable HTTP, on the endpoint fixtures: every tool
// answers what its endpoint answers, as the same client (limits, enumeration refusal and the usage log included).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { corporateNumberFromBase } from '../../src/domain/companies/corporate-number.js';
import { GUIDE_URI } from '../../src/mcp/mcp-server.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { propertyOf } from '../../src/lib/is-object.js';
import { serveMcp, type McpServed } from '../helpers/mcp-served.js';
import type { Answer, DocumentedPath, RequestPath } from '../helpers/documented-answers.js';
import { answerOf, toolAnswer, toolError } from '../helpers/answers.js';

const KAKUU = corporateNumberFromBase('999900010001');
const MIHON_KOGYO = corporateNumberFromBase('999900010004');

async function connect(url: string, name = 'mcp-test-agent'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { 'X-Kohyo-Client': name } } }),
  );
  return client;
}

function withoutRequestId(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, meta: { ...(body.meta as Record<string, unknown>), request_id: undefined } };
}

/** What a tool answers as structured content: its endpoint's answer (of /api/v1/vocabularies, without a dataset). */
type Structured = {
  data: Record<string, unknown>;
  meta: { dataset?: { kind: string }; data_as_of?: string | null } & Record<string, unknown>;
};

describe('MCP over Streamable HTTP', () => {
  let s: McpServed;
  let client: Client;
  before(async () => {
    s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '1000', KOHYO_ENUM_DISTINCT_TERMS: '1000' });
    client = await connect(s.server.url);
  });
  after(async () => {
    await client.close();
    await s.close();
  });

  test('lists every tool with a JSON-schema input, and the whole guide as a resource', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [
        'search',
        'search_companies',
        'get_company',
        'list_enforcements',
        'list_procurement_suspensions',
        'list_license_actions',
        'get_record',
        'get_procurement_suspension_coverage',
        'get_coverage',
        'list_vocabularies',
      ],
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      // the answer is the endpoint's JSON as text: no output schema, so no structured copy of it
      assert.equal(tool.outputSchema, undefined, tool.name);
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    }
    const enforcements = tools.find((t) => t.name === 'list_enforcements');
    assert.ok(enforcements?.inputSchema.properties && 'corporate_number' in enforcements.inputSchema.properties);
    const { resources } = await client.listResources();
    assert.deepEqual(
      resources.map((r) => r.uri),
      [GUIDE_URI],
    );
    assert.deepEqual(
      resources.map((r) => r.name),
      ['llms-full.txt'],
    );
    const guide = await client.readResource({ uri: GUIDE_URI });
    const [content] = guide.contents;
    // the whole guide, as /llms-full.txt answers it, not its index
    assert.equal(content && 'text' in content ? content.text : null, (await s.server.get('/llms-full.txt')).text);
  });

  test('each tool answers what its endpoint answers, with the dataset kind and data_as_of', async () => {
    const calls: readonly (readonly [
      string,
      Record<string, unknown>,
      RequestPath<Exclude<DocumentedPath, '/health'>>,
      string,
    ])[] = [
      ['search', { q: '架空商事' }, `/api/v1/search?q=${encodeURIComponent('架空商事')}`, 'companies'],
      ['search_companies', { q: 'Kakuu Trading', limit: 2 }, '/api/v1/companies?q=Kakuu+Trading&limit=2', 'companies'],
      [
        'list_enforcements',
        { corporate_number: KAKUU },
        `/api/v1/enforcements?corporate_number=${KAKUU}`,
        'enforcements',
      ],
      [
        'list_procurement_suspensions',
        { reason: 'dishonest_conduct', limit: 5, page: 2 },
        '/api/v1/procurement-suspensions?reason=dishonest_conduct&limit=5&page=2',
        'procurement_suspensions',
      ],
      [
        'list_license_actions',
        { sector: 'real_estate_brokerage' },
        '/api/v1/license-actions?sector=real_estate_brokerage',
        'license_actions',
      ],
      ['get_procurement_suspension_coverage', {}, '/api/v1/procurement-suspension-coverage', 'coverage'],
      ['get_coverage', {}, '/api/v1/coverage', 'sources'],
    ];
    for (const [name, args, path, list] of calls) {
      const result = await client.callTool({ name, arguments: args });
      assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
      const answer = toolAnswer<Structured>(result);
      const direct = await s.server.get(path);
      assert.equal(direct.status, 200, path);
      const withoutIds = (body: Structured) => ({ ...body, meta: { ...body.meta, request_id: undefined } });
      assert.deepEqual(withoutIds(answer), withoutIds(direct.body), name);
      const rows = answer.data[list];
      assert.ok(
        Array.isArray(rows) ? rows.length > 0 : Object.keys(rows ?? {}).length > 0,
        `${name} answers rows in data.${list}`,
      );
      assert.equal(answer.meta.dataset!.kind, 'production', name);
      if (name.startsWith('list_')) assert.equal(typeof answer.meta.data_as_of, 'string', name);
    }
    const company = toolAnswer<Answer<'/api/v1/companies/{corporate_number}'>>(
      await client.callTool({ name: 'get_company', arguments: { corporate_number: MIHON_KOGYO } }),
    );
    assert.equal(company.data.company.corporate_number, MIHON_KOGYO);
    const direct = (await s.server.get(`/api/v1/companies/${MIHON_KOGYO}`)).text;
    assert.deepEqual(
      company.data,
      (JSON.parse(direct) as typeof company).data,
      'get_company answers what its address does',
    );
    const listed = toolAnswer<Answer<'/api/v1/enforcements'>>(
      await client.callTool({ name: 'list_enforcements', arguments: { corporate_number: KAKUU } }),
    );
    const first = listed.data.enforcements[0]!;
    const record = toolAnswer<Answer<'/api/v1/enforcements/{id}'>>(
      await client.callTool({ name: 'get_record', arguments: { id: first.id } }),
    );
    // the list says how the record relates to the Corporate Number asked; the record's own address has no question
    const { relation, ...shown } = first;
    assert.equal(relation, 'linked');
    assert.deepEqual(record.data.enforcement, shown, 'get_record answers the record the list showed');
  });

  test('list_vocabularies lists one field when asked, and the fields with their sizes otherwise', async () => {
    const direct = answerOf(await s.server.get('/api/v1/vocabularies'));
    const fields = toolAnswer<{ data: { fields: Record<string, number> } }>(
      await client.callTool({ name: 'list_vocabularies', arguments: {} }),
    );
    assert.deepEqual(
      fields.data.fields,
      Object.fromEntries(Object.entries(direct.data.vocabularies).map(([name, terms]) => [name, terms.length])),
    );
    const authority = toolAnswer<{ data: { vocabularies: Record<string, unknown> } }>(
      await client.callTool({ name: 'list_vocabularies', arguments: { field: 'authority' } }),
    );
    // the same terms, a null parent left out and an office by its code, label and parent (the authorities whole would
    // not fit in a tool's answer)
    assert.deepEqual(authority.data.vocabularies, {
      authority: direct.data.vocabularies.authority.map(({ parent, ...term }) =>
        parent === null ? term : { code: term.code, name: term.name, parent },
      ),
    });
    const bureaus = toolAnswer<{ data: { vocabularies: { authority: { code: string }[] } } }>(
      await client.callTool({ name: 'list_vocabularies', arguments: { field: 'authority', q: 'Ｏｓａｋａ' } }),
    );
    assert.deepEqual(
      bureaus.data.vocabularies.authority.map((t) => t.code),
      direct.data.vocabularies.authority
        .filter((t) => /osaka/iu.test(`${t.code} ${t.name_en}`) || t.name.includes('大阪'))
        .map((t) => t.code),
    );
    assert.ok(bureaus.data.vocabularies.authority.length > 0);
    const unknown = await client.callTool({ name: 'list_vocabularies', arguments: { field: 'colour' } });
    assert.equal(toolError(unknown).code, 'invalid_parameter');
    assert.match(toolError(unknown).message, /publisher_group, authority, law/u);
  });

  test('numbers are taken as numbers or text: a Corporate Number, limit and page, true as a flag', async () => {
    const asText = toolAnswer(
      await client.callTool({ name: 'get_company', arguments: { corporate_number: MIHON_KOGYO } }),
    );
    const asNumber = toolAnswer(
      await client.callTool({ name: 'get_company', arguments: { corporate_number: Number(MIHON_KOGYO) } }),
    );
    assert.deepEqual(withoutRequestId(asNumber), withoutRequestId(asText));
    const listed = toolAnswer(
      await client.callTool({
        name: 'list_enforcements',
        arguments: { corporate_number: Number(KAKUU), limit: '2', include_predecessors: true },
      }),
    );
    const direct = answerOf(
      await s.server.get(`/api/v1/enforcements?corporate_number=${KAKUU}&limit=2&include_predecessors=true`),
    );
    assert.deepEqual(withoutRequestId(listed), withoutRequestId(direct));
    const paged = await client.callTool({
      name: 'list_procurement_suspensions',
      arguments: { reason: 'dishonest_conduct', limit: 5, page: '2' },
    });
    assert.equal(paged.isError, undefined);
  });

  test('no tool takes format: it is not offered, and refused when sent', async () => {
    const { tools } = await client.listTools();
    for (const tool of tools) assert.ok(!('format' in (tool.inputSchema.properties ?? {})), tool.name);
    for (const format of ['atom', 'json']) {
      const result = await client.callTool({
        name: 'list_enforcements',
        arguments: { corporate_number: KAKUU, format },
      });
      assert.equal(result.isError, true);
      assert.equal(toolError(result).code, 'unknown_parameter');
    }
  });

  test('an enum filter is a described string: a label is taken, a wrong value names the vocabulary', async () => {
    const { tools } = await client.listTools();
    const authority = tools.find((t) => t.name === 'list_enforcements')?.inputSchema.properties?.authority;
    assert.deepEqual(Object.keys(authority ?? {}).sort(), ['description', 'type']);
    assert.match(JSON.stringify(authority), /list_vocabularies field \\"authority\\"/u);
    const byLabel = await client.callTool({ name: 'list_enforcements', arguments: { authority: '公正取引委員会' } });
    assert.equal(byLabel.isError, undefined);
    const wrong = await client.callTool({ name: 'list_enforcements', arguments: { authority: 'nobody' } });
    const error = toolError(wrong);
    assert.equal(error.code, 'invalid_parameter');
    assert.equal(error.details?.parameter, 'authority');
    assert.equal(error.details?.allowed, undefined);
    assert.match(error.message, /list_vocabularies with field "authority"/u);
    // a short vocabulary is still listed
    const status = await client.callTool({ name: 'list_license_actions', arguments: { status: 'nope' } });
    assert.deepEqual(toolError(status).details?.allowed, ['scheduled', 'in_effect', 'completed']);
  });

  test("a bad argument gets the endpoint's error, in the contract's shape", async () => {
    const noFilter = await client.callTool({ name: 'list_enforcements', arguments: {} });
    assert.equal(noFilter.isError, true);
    assert.equal(toolError(noFilter).code, 'missing_filter');
    const unknown = await client.callTool({
      name: 'list_enforcements',
      arguments: { law: 'antimonopoly_act', offset: 10 },
    });
    assert.equal(toolError(unknown).code, 'bulk_access_not_provided');
    const notANumber = await client.callTool({ name: 'get_company', arguments: { corporate_number: '架空商事' } });
    assert.equal(notANumber.isError, true);
    assert.equal(toolError(notANumber).code, 'invalid_corporate_number');
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), /no_such_tool/u);
  });

  test('GET and DELETE /mcp answer 405 with Allow: POST and details.allowed', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await s.server.get('/mcp', { method });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.get('allow'), 'POST', method);
      assert.equal(answer.body.error.code, 'method_not_allowed', method);
      assert.deepEqual(answer.body.error.details, { allowed: ['POST'] }, method);
    }
  });
});

describe('an agent is a client like any other', () => {
  test('tool calls count against the limits and a refusal comes back as the 429 error', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '3' });
    const client = await connect(s.server.url, 'limited-agent');
    try {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await client.callTool({ name: 'list_enforcements', arguments: { corporate_number: KAKUU } }));
      assert.deepEqual(
        answers.map((a) => a.isError === true),
        [false, false, false, true],
      );
      const refusal = toolError(answers[3]!);
      assert.equal(refusal.code, 'rate_limited');
      assert.equal(typeof refusal.details!.retry_after, 'number');
      // the same client over HTTP (same address, User-Agent and client name) is refused too
      const direct = await s.server.get(`/api/v1/enforcements?corporate_number=${KAKUU}`, {
        headers: { 'user-agent': 'node', 'x-kohyo-client': 'limited-agent' },
      });
      assert.equal(direct.status, 429);
      // listing tools is not counted; reading the guide returns data, so it counts, and is refused like a tool call
      await client.listTools();
      await assert.rejects(client.readResource({ uri: GUIDE_URI }), (error: unknown) => {
        assert.ok(error instanceof McpError);
        assert.equal(error.code, -32029);
        assert.equal(propertyOf(propertyOf(error.data, 'error'), 'code'), 'rate_limited');
        return true;
      });
      // every tool call is in the usage log as a request to its endpoint
      const calls = s.logged.filter((r) => r.path === '/api/v1/enforcements');
      assert.equal(calls.length, 5);
      assert.deepEqual(
        calls.map((r) => r.status),
        [200, 200, 200, 429, 429],
      );
      assert.ok(calls.slice(0, 4).every((r) => r.clientName === 'limited-agent'));
    } finally {
      await client.close();
      await s.close();
    }
  });

  test('walking Corporate Numbers through get_company is refused as enumeration', async () => {
    const s = await serveMcp({ KOHYO_LIMIT_PER_MINUTE: '1000', KOHYO_ENUM_SEQUENTIAL: '3' });
    const client = await connect(s.server.url, 'walking-agent');
    try {
      const codes = [];
      for (let i = 1; i <= 3; i++) {
        const result = await client.callTool({
          name: 'get_company',
          arguments: { corporate_number: corporateNumberFromBase(`9999000100${String(i).padStart(2, '0')}`) },
        });
        codes.push(result.isError === true ? toolError(result).code : 'ok');
      }
      assert.deepEqual(codes, ['ok', 'ok', 'automated_enumeration_detected']);
    } finally {
      await client.close();
      await s.close();
    }
  });
});
