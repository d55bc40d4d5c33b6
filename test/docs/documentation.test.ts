// Keeps the published guides honest: README.md, docs/*.md and /llms.txt against SETTINGS, ERRORS and the routes.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.js';
import { loadConfig, SETTINGS } from '../../src/config.js';
import { ERRORS, ERROR_CODES } from '../../src/api/errors.js';
import { guideWithoutDataset } from '../../src/http/self-description/guide.js';
import { MCP_PATH } from '../../src/mcp/mcp-route.js';
import { METRICS_PATH } from '../../src/http/hooks/metrics.js';
import { section } from '../helpers/markdown.js';
import { PREREQUISITES } from '../../scripts/test-prerequisites.js';
import { limitedServer } from '../helpers/limited-server.js';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const packageJson = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  scripts: Record<string, string>;
};
const usingTheApi = readFileSync(new URL('docs/using-the-api.md', root), 'utf8');
const operating = readFileSync(new URL('docs/operating.md', root), 'utf8');
const errorsPage = readFileSync(new URL('docs/errors.md', root), 'utf8');
const { index: guideIndex, full: guide } = guideWithoutDataset(loadConfig({}));

let app: FastifyInstance;
before(async () => {
  // No dataset: the routes, and so the docs they must match, do not depend on one.
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    dataset: () => null,
    clock: () => new Date(),
    logger: false,
  });
});
after(() => app.close());

/**
 * Every path the app serves, from the router itself and from the OpenAPI document. The router prints a tree (a
 * child's path continues its parent's); the reference page's own assets and copies of the document under /docs/
 * are the page's, not endpoints, and the CORS preflight route (`*`, OPTIONS) is not a GET path.
 */
function servedPaths(): string[] {
  const parents: string[] = [];
  const fromRouter: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (depth === 0 ? '' : parents[depth - 1]!) + m[2]!;
    parents[depth] = path.endsWith('/') && depth > 0 ? path.slice(0, -1) : path;
    // GET /mcp only refuses (405): the MCP endpoint is POST, documented in sections of its own (test below); /metrics
    // is the operators', answered only to allowed addresses, and documented in the README alone
    if (
      m[3]!.includes('GET') &&
      !path.includes('*') &&
      !path.startsWith('/docs/') &&
      path !== MCP_PATH &&
      path !== METRICS_PATH
    )
      fromRouter.push(path.replace(/:(\w+)/gu, '{$1}'));
  }
  const fromOpenApi = Object.keys((app.swagger() as { paths?: Record<string, unknown> }).paths ?? {});
  return [...new Set([...fromRouter, ...fromOpenApi])].sort();
}

/** The query parameters OpenAPI lists for each path. */
function parametersByPath(): Map<string, string[]> {
  const paths =
    (app.swagger() as { paths?: Record<string, { get?: { parameters?: { name: string; in: string }[] } }> }).paths ??
    {};
  return new Map(
    Object.entries(paths).map(([path, item]) => [
      path,
      (item.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    ]),
  );
}

/** The error table rows of a markdown text: `| 400 | \`code\` | …`, as [status, code]. */
function errorRows(markdown: string): [status: number, code: string][] {
  return [...markdown.matchAll(/^\| (\d{3}) \| `([a-z_]+)` \|/gmu)].map((m) => [Number(m[1]), m[2]!]);
}

test('the app serves the endpoints the docs are written for', () => {
  const paths = servedPaths();
  for (const expected of ['/api/v1/search', '/api/v1/openapi.json', '/health', '/llms.txt'])
    assert.ok(paths.includes(expected), expected);
  assert.ok(paths.length >= 10, paths.join(', '));
});

test('README gives a newcomer the two commands', () => {
  assert.ok(readme.includes('npm install && npm start'), 'README must show `npm install && npm start`');
  assert.ok(/^npm test$/mu.test(readme), 'README must show `npm test` on a line of its own');
  assert.ok(readme.includes('bench/README.md'), 'README must link the bench figures');
});

/** A request of the README's examples, as curl sends it: its path and query, and the headers it names. */
interface ExampleRequest {
  readonly path: string;
  readonly headers: Record<string, string>;
}

/** The README's section "Try it", whose shell blocks hold comments that section() would read as headings. */
function tryIt(): string {
  const start = readme.indexOf('\n## Try it\n');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

/** The curl commands of the README's example block ("Try it"), read as curl reads their arguments. */
function readmeExamples(): ExampleRequest[] {
  const block = /```sh\n([\s\S]*?)```/u.exec(tryIt())?.[1] ?? '';
  const commands = block
    .replaceAll('\\\n', ' ')
    .split('\n')
    .filter((line) => line.startsWith('curl '));
  return commands.map((command) => {
    const words = [...command.matchAll(/'([^']*)'|(\S+)/gu)].map((m) => m[1] ?? m[2]!);
    const url = new URL(words.find((w) => w.startsWith('http://'))!);
    const headers: Record<string, string> = { 'user-agent': 'curl/8.5.0' };
    words.forEach((word, i) => {
      const next = words[i + 1] ?? '';
      if (word === '--data-urlencode')
        url.searchParams.append(next.slice(0, next.indexOf('=')), next.slice(next.indexOf('=') + 1));
      if (word === '-H')
        headers[next.slice(0, next.indexOf(':')).toLowerCase()] = next.slice(next.indexOf(':') + 1).trim();
    });
    return { path: url.pathname + url.search, headers };
  });
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

test("README's examples: what they take of a client's limits is said beside them, and the settings it names lift them", async () => {
  const { limits } = loadConfig({});
  const words = readme.replace(/\s+/gu, ' ');
  assert.ok(
    words.includes(`has ${limits.perMinute} counted requests in any 60 seconds and ${limits.perDay} in any 24 hours`),
  );
  assert.ok(
    words.includes(`More than ${limits.enumDistinctTerms} distinct names, numbers or filters asked within ten minutes`),
  );
  assert.equal(limits.enumWindowSeconds, 600);
  assert.ok(words.includes('read as enumeration, refused for an hour'));
  assert.equal(limits.enumCooldownSeconds, 3600);
  const examples = readmeExamples();
  assert.ok(examples.length >= 10, `${examples.length} examples`);
  const search = (n: number) => `/api/v1/search?q=${encodeURIComponent(`架空${n}`)}`;
  const plain = { 'user-agent': 'curl/8.5.0' };
  const s = await limitedServer();
  try {
    for (const { path, headers } of examples) assert.equal((await s.get(path, headers)).status, 200, path);
    // what the block took of the plain client's minute, as its next answer's RateLimit says
    const next = await s.get(search(0), plain);
    const left = Number(/;r=(\d+);/u.exec(next.headers.get('ratelimit') ?? '')?.[1]);
    const used = limits.perMinute - left - 1;
    assert.ok(words.includes(`the block uses ${used} of one client's ${limits.perMinute}`), `the block uses ${used}`);
    assert.ok(words.includes(`a ${ORDINALS[left + 1]} search in the same minute is answered 429`));
    for (let i = 1; i <= left; i += 1) assert.equal((await s.get(search(i), plain)).status, 200);
    const refused = await s.get(search(left + 1), plain);
    assert.equal(refused.status, 429);
    assert.ok(refused.headers.get('retry-after'));
  } finally {
    await s.close();
  }
  // the command the README gives: its settings, and the block then twice and 60 searches more, all answered
  const lifted = /^((?:KOHYO_\w+=\d+ )+)npm start$/mu.exec(tryIt())?.[1];
  assert.ok(lifted !== undefined, 'the README gives the settings that lift the limits, before npm start');
  const env = Object.fromEntries(
    lifted
      .trim()
      .split(' ')
      .map((pair) => pair.split('=') as [string, string]),
  );
  const roomy = await limitedServer(env);
  try {
    for (const { path, headers } of [...examples, ...examples])
      assert.equal((await roomy.get(path, headers)).status, 200);
    for (let i = 0; i < 60; i += 1) assert.equal((await roomy.get(search(i), plain)).status, 200, search(i));
  } finally {
    await roomy.close();
  }
});

test('docs/operating.md lists every setting with its default', () => {
  const settings = section(operating, '## Settings');
  for (const setting of SETTINGS) {
    const row = settings.split('\n').find((line) => line.startsWith(`| \`${setting.name}\` |`));
    assert.ok(row, `README's Settings table has no row for ${setting.name}`);
    if (setting.default !== '')
      assert.ok(row.includes(`\`${setting.default}\``), `README gives the wrong default for ${setting.name}`);
  }
  const documented = [...settings.matchAll(/^\| `([A-Z0-9_]+)` \|/gmu)].map((m) => m[1]);
  assert.deepEqual(
    documented.sort(),
    SETTINGS.map((s) => s.name).sort(),
    'README documents a setting SETTINGS does not have',
  );
});

const pages: readonly (readonly [name: string, text: string])[] = [
  ['docs/using-the-api.md', usingTheApi],
  ['docs/errors.md', errorsPage],
  ['/llms-full.txt', guide],
];

for (const [name, text] of pages) {
  test(`${name} has a row for every error code, with its status, and no code the catalogue lacks`, () => {
    const rows = errorRows(text);
    for (const code of ERROR_CODES) {
      const row = rows.find(([, c]) => c === code);
      assert.ok(row, `${name} has no error table row for ${code}`);
      assert.equal(row[0], ERRORS[code].status, `${name} gives ${code} the wrong status`);
    }
    for (const [, code] of rows)
      assert.ok(code in ERRORS, `${name} documents an error code ${code} the catalogue does not have`);
  });
}

test('/llms-full.txt has a section for every path the app serves, naming its every query parameter', () => {
  const parameters = parametersByPath();
  for (const path of servedPaths()) {
    const body = section(guide, `### GET ${path}`);
    // an address's example names a real number or id where its path has `{…}`
    const called = path.split('{')[0]!;
    assert.ok(body.includes(`Example: \`GET ${called}`), `/llms-full.txt gives no example call for ${path}`);
    for (const name of parameters.get(path) ?? []) {
      assert.ok(body.includes(`\`${name}\``), `/llms-full.txt does not describe parameter ${name} of ${path}`);
    }
  }
  const documented = [...guide.matchAll(/^### GET (\S+)$/gmu)].map((m) => m[1]);
  assert.deepEqual(documented.sort(), servedPaths(), '/llms-full.txt documents a path the app does not serve');
});

test('the MCP endpoint is in the endpoint table and has its own sections in /llms-full.txt and docs/using-the-api.md', () => {
  assert.ok(section(usingTheApi, '## Endpoints').includes(`| \`POST ${MCP_PATH}\` |`));
  assert.ok(section(usingTheApi, '## Endpoints').includes(`| \`GET ${METRICS_PATH}\` |`));
  assert.ok(section(guide, '## MCP').includes(`POST JSON-RPC to \`${MCP_PATH}\``));
  assert.ok(section(usingTheApi, '## MCP: Kohyo as tools for AI agents').includes('npm run --silent kohyo -- mcp'));
});

test('docs/using-the-api.md lists every path the app serves in its endpoint table', () => {
  const endpoints = section(usingTheApi, '## Endpoints');
  for (const path of servedPaths())
    assert.ok(endpoints.includes(`| \`GET ${path}\` |`), `the endpoint table lacks ${path}`);
});

for (const [name, text, headings] of [
  ['/llms.txt', guideIndex, ['## Guide', '## Endpoints', '## MCP', '## Optional']],
  ['/llms-full.txt', guide, ['## Endpoints', '## Query rules', '## Limits', '## How to behave', '## MCP', '## Errors']],
] as const) {
  test(`${name} keeps to the llms.txt form: an H1, then a blockquote summary, then sections`, () => {
    const lines = text.split('\n');
    assert.equal(lines[0], '# Kohyo');
    assert.ok(
      lines
        .slice(1)
        .find((l) => l !== '')
        ?.startsWith('> '),
      'the summary blockquote must follow the title',
    );
    assert.equal(lines.filter((l) => /^# /u.test(l)).length, 1, 'exactly one H1');
    for (const heading of headings) assert.ok(lines.includes(heading), `missing ${heading}`);
  });
}

test("docs/architecture.md gives bench:trace's counts by pointing to bench/README.md, whose section on it dates them and names the commit", () => {
  const architecture = readFileSync(new URL('docs/architecture.md', root), 'utf8');
  assert.doesNotMatch(
    architecture,
    /\d+ files and \d+ functions|\b\d+ and \d+\b/u,
    'docs/architecture.md copies figures',
  );
  assert.match(
    architecture,
    /`npm run bench:trace`[^\n]*\n(?:[^\n]*\n){0,3}[^\n]*\[bench\/README\.md\]\(\.\.\/bench\/README\.md\)/u,
  );
  const bench = readFileSync(new URL('bench/README.md', root), 'utf8');
  const trace = section(bench, "## What a new client's question runs (`npm run bench:trace`)");
  assert.match(trace, /Latest \(\d{4}-\d{2}-\d{2}, `[0-9a-f]{7,}`/u);
});

test('bench/README.md keeps to how to run each benchmark and its latest figures; the history is in HISTORY.md', () => {
  const bench = readFileSync(new URL('bench/README.md', root), 'utf8');
  const lines = bench.split('\n').length;
  assert.ok(lines <= 300, `bench/README.md is ${lines} lines: move older figures to bench/HISTORY.md`);
  assert.ok(bench.includes('[HISTORY.md](HISTORY.md)'));
  // every benchmark package.json names is there, by its command
  for (const script of Object.keys(packageJson.scripts).filter((name) => /^bench(?::|$)/u.test(name)))
    assert.ok(bench.includes(`npm run ${script}`), `bench/README.md does not say how to run ${script}`);
});

test('README.md, CONTRIBUTING.md and docs/architecture.md name every package scripts/test-prerequisites.ts installs', () => {
  const packages = PREREQUISITES.map((p) => p.debianPackage);
  assert.ok(packages.length >= 5);
  const architecture = readFileSync(new URL('docs/architecture.md', root), 'utf8');
  for (const [name, where] of [
    ['README.md', section(readme, '## Start')],
    ['CONTRIBUTING.md', section(readFileSync(new URL('CONTRIBUTING.md', root), 'utf8'), '## Test')],
    [
      'docs/architecture.md',
      architecture.split('\n').find((line) => line.startsWith('| `scripts/test-prerequisites.ts` |')),
    ],
  ] as const) {
    assert.ok(where !== undefined, name);
    for (const debianPackage of packages)
      assert.ok(where.includes(`\`${debianPackage}\``), `${name} does not name ${debianPackage}`);
  }
});

/** The documents whose cross-references are checked: the guides, the benchmarks' pages, and the code's comments. */
function referringTexts(): [path: string, text: string][] {
  const pages = [
    'README.md',
    'CONTRIBUTING.md',
    'bench/README.md',
    'bench/HISTORY.md',
    ...readdirSync(new URL('docs/', root))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const code = readdirSync(new URL('src/', root), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/u.test(f))
    .map((f) => `src/${f}`);
  return [...pages, ...code].map((path) => {
    const text = readFileSync(new URL(path, root), 'utf8');
    return [path, path.endsWith('.md') ? text : commentsOf(text)];
  });
}

/** The comments of a source file, their lines read as one text, so that a reference broken across lines is whole. */
function commentsOf(code: string): string {
  return code
    .split('\n')
    .filter((line) => /^\s*(?:\/\/|\/?\*)/u.test(line))
    .map((line) => line.replace(/^\s*(?:\/\/|\/\*\*?|\*\/?) ?/u, ''))
    .join(' ');
}

/** A markdown file's headings, without their marks. */
function headingsOf(path: string): string[] {
  return [...readFileSync(new URL(path, root), 'utf8').matchAll(/^#+ (.+)$/gmu)].map((m) => m[1]!.trim());
}

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replaceAll(' ', '-');

/** The file a reference names, from the page it is in: a link's target, or a path from the repository's root. */
function fileNamed(page: string, written: string): string | null {
  for (const base of [new URL(page, root), root]) {
    const url = new URL(written, base);
    if (existsSync(url)) return url.pathname.slice(root.pathname.length);
  }
  return null;
}

/**
 * A section cited by name, `"Name"`: after a file in the same sentence (`bench/README.md, "Name"`,
 * `[x](x.md), "Name"`, `"Name" in [x](x.md)`), or in the page itself (`("Name" below)`, `(above, "Name")`,
 * `("Name")`, `under "Name"`). A heading matches its name whole, or starting with it before ` (` or `:`.
 */
function citedSections(page: string, text: string): { file: string | null; name: string; where: string }[] {
  const cited: { file: string | null; name: string; where: string }[] = [];
  for (const m of text.matchAll(/"([A-Z][^"\n]{2,100})"/gu)) {
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    // the sentence so far: after the last full stop that ends one (a path's dots do not)
    const sentence = before.slice(/^.*[.!?]\s/su.exec(before)?.[0].length ?? 0);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 80);
    const files = [...sentence.matchAll(/([\w./-]+\.md)\b/gu)].map((f) => f[1]!);
    const inFile = /^\sin\s\[[^\]]*\]\(([^)#]+\.md)\)/u.exec(after)?.[1];
    const joined = /(?:[,;:]\s|\(|see\s|under\s)$/u.test(before);
    const placed = /^\s(?:below|above)\b/u.test(after) || /(?:above|below),\s$/u.test(before);
    const here = placed || /\($/u.test(before);
    const where = `${page}: …${before.slice(-60)}${m[0]}`;
    if (inFile !== undefined) cited.push({ file: fileNamed(page, inFile), name: m[1]!, where });
    else if (files.length > 0 && joined && !placed)
      cited.push({ file: fileNamed(page, files.at(-1)!), name: m[1]!, where });
    else if (page.endsWith('.md') && (here || /under\s$/u.test(before))) cited.push({ file: page, name: m[1]!, where });
  }
  return cited;
}

test('every cross-reference to a section resolves: link anchors, and sections cited by name in the documents and the code', () => {
  let count = 0;
  for (const [page, text] of referringTexts()) {
    if (page.endsWith('.md'))
      for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/gu)) {
        const file = target === '' ? page : fileNamed(page, target!);
        assert.ok(file !== null, `${page} links ${target}, which does not exist`);
        assert.ok(
          headingsOf(file).map(anchorOf).includes(anchor!),
          `${page} links ${target}#${anchor}: no such heading`,
        );
        count += 1;
      }
    for (const { file, name, where } of citedSections(page, text)) {
      assert.ok(file !== null && file.endsWith('.md'), `${where}: the file it cites does not exist`);
      const found = headingsOf(file).some((h) => h === name || h.startsWith(`${name} (`) || h.startsWith(`${name}:`));
      assert.ok(found, `${where}: ${file} has no section "${name}"`);
      count += 1;
    }
  }
  assert.ok(count >= 25, `${count} cross-references`);
});

test('README.md is short, and every relative link in it and in docs/ leads to a file that exists', () => {
  assert.ok(readme.split('\n').length <= 200, 'README.md keeps to what a newcomer needs first');
  for (const page of [
    'README.md',
    ...readdirSync(new URL('docs/', root))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]) {
    const text = readFileSync(new URL(page, root), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/gu)) {
      if (/^[a-z]+:/u.test(target!)) continue;
      assert.ok(existsSync(new URL(target!, new URL(page, root))), `${page} links ${target}, which does not exist`);
    }
  }
});
