// The example of each parameter of each operation in the OpenAPI document: values the demo dataset holds, read from
// the operation's example call and from the first row of its example answer, so that an operation asked with all its
// examples at once finds that row again (test/http/self-description/openapi-answers.test.ts asks so).
import { ENDPOINTS } from '../src/api/catalogue.js';
import type { Config } from '../src/config.js';
import { isRecord } from '../src/lib/is-object.js';

/** The parameters whose examples no answer holds: a choice, not a value. */
const CHOSEN: Readonly<Record<string, string>> = { include_predecessors: 'true', page: '1', format: 'json' };

/** Where each parameter's example is read in the first row of an answer (a record, or a company): the first found. */
const IN_ROW: Readonly<Record<string, readonly string[]>> = {
  q: ['company.name', 'name'],
  company: ['company.name'],
  corporate_number: ['company.corporate_number', 'corporate_number'],
  law: ['law.code'],
  authority: ['authority.code'],
  action_type: ['action_type.code'],
  reason: ['reason.code'],
  status: ['status'],
  sector: ['sector_code'],
  nature: ['nature.code'],
  from: ['date', 'period.from'],
  to: ['date', 'period.from'],
  prefecture: ['company.prefecture_code', 'address.prefecture_code'],
  listing: ['listing.status'],
  address: ['address.city'],
};

/** The value at a dotted path of a JSON value, when it is a string. */
function textAt(value: unknown, path: string): string | undefined {
  let node = value;
  for (const key of path.split('.')) node = isRecord(node) ? node[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The first row of an answer: the first entry of the first list in its `data`, or its one resource. */
function firstRow(answer: unknown): unknown {
  const data = isRecord(answer) ? answer.data : undefined;
  if (!isRecord(data)) return undefined;
  const [first] = Object.values(data);
  return Array.isArray(first) ? first[0] : first;
}

/** The values a call's path and query string give: `{name}` segments of the route, then each parameter. */
function callValues(route: string, call: string): Map<string, string> {
  const [path = '', query = ''] = call.split('?');
  const values = new Map<string, string>();
  const segments = path.split('/');
  route.split('/').forEach((segment, index) => {
    const name = /^\{(\w+)\}$/u.exec(segment)?.[1];
    const value = segments[index];
    if (name !== undefined && value !== undefined) values.set(name, value);
  });
  for (const [name, value] of new URLSearchParams(query)) values.set(name, value);
  return values;
}

/** Each operation's parameters' examples, by route: from its call, a choice, or its answer's first row. */
export function parameterExamples(
  config: Config,
  calls: Readonly<Record<string, string>>,
  answers: Readonly<Record<string, unknown>>,
): Record<string, Record<string, string>> {
  const examples: Record<string, Record<string, string>> = {};
  for (const endpoint of ENDPOINTS) {
    const names = Object.keys(endpoint.query?.(config).properties ?? {});
    const call = calls[endpoint.path];
    if (names.length === 0 || call === undefined) continue;
    const given = callValues(endpoint.path, call);
    const row = firstRow(answers[endpoint.path]);
    const values = names.map((name) => {
      const value =
        given.get(name) ??
        CHOSEN[name] ??
        (IN_ROW[name] ?? []).map((path) => textAt(row, path)).find((found) => found !== undefined);
      if (value === undefined) throw new Error(`no example of ${name} for ${endpoint.path}`);
      return [name, value] as const;
    });
    examples[endpoint.path] = Object.fromEntries(values);
  }
  return examples;
}
