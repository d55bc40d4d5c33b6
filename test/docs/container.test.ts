// Holds the Dockerfile and compose.yaml to what can be checked without a Docker engine (none runs here or in CI):
// the stages and what they run, the user, the health check and the command, and that compose names only settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SETTINGS } from '../../src/config.js';
import { SERVER_NODE_FLAGS } from '../../src/server-node-flags.js';
import { assertSectionNames } from '../helpers/markdown.js';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const packageJson = JSON.parse(read('package.json')) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

interface Stage {
  readonly from: string;
  readonly name: string | null;
  readonly instructions: Instruction[];
}

/** The Dockerfile's stages: continuation lines joined, comments dropped, ARGs before the first FROM substituted. */
function dockerStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/gu, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/u.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = args.split('=');
      globalArgs.set(name, value);
    } else if (upper === 'FROM') {
      const [image = '', as, name] = args.split(/\s+/u);
      const from = image.replace(/^\$\{(\w+)\}$/u, (_, arg: string) => globalArgs.get(arg) ?? '');
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? (name ?? null) : null, instructions: [] });
    } else {
      assert.ok(stages.length > 0, `${upper} before the first FROM`);
      stages.at(-1)!.instructions.push({ keyword: upper, args });
    }
  }
  return stages;
}

const all = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
const last = (stage: Stage, keyword: string) => all(stage, keyword).at(-1);

/** ENV name=value pairs of a stage (the `ENV a=1 b=2` form). */
function envOf(stage: Stage): Map<string, string> {
  return new Map(
    all(stage, 'ENV').flatMap((args) =>
      [...args.matchAll(/(\w+)=(\S+)/gu)].map((m) => [m[1]!, m[2]!] as [string, string]),
    ),
  );
}

const stages = dockerStages(read('Dockerfile'));
const build = stages.find((s) => s.name === 'build')!;
const runtime = stages.at(-1)!;
const settingNames = new Set(SETTINGS.map((s) => s.name));

test('the Dockerfile builds in a stage of its own and runs from the same Node 20 base', () => {
  assert.ok(build, 'a stage named build');
  assert.notEqual(runtime, build);
  assert.match(build.from, /^node:20[.-]/u);
  assert.equal(runtime.from, build.from, 'better-sqlite3 compiled in the build stage runs on the same Node and glibc');
  const runs = all(build, 'RUN').join('\n');
  for (const tool of ['python3', 'make', 'g++'])
    assert.match(runs, new RegExp(`apt-get install[^\n]*\\s${tool.replace('+', '\\+')}(\\s|$)`, 'u'));
  assert.match(runs, /npm_config_build_from_source=true npm ci\b/u);
  // SQLite built to map a dataset of all Japan whole (docs/operating.md, "A dataset larger than the memory map")
  assert.match(runs, /CFLAGS="-DSQLITE_MAX_MMAP_SIZE=0x1000000000" npm_config_build_from_source=true npm ci\b/u);
  assert.match(runs, /npm run build\b/u);
  assert.match(runs, /npm prune --omit=dev\b/u, 'production dependencies only in the runtime stage');
  assert.equal(
    all(runtime, 'RUN').some((r) => /npm (ci|install)\b/u.test(r)),
    false,
    'the runtime stage installs nothing',
  );
});

test('the image runs as a user other than root what npm start runs, with a health check by node on /health', () => {
  const user = last(runtime, 'USER');
  assert.ok(user !== undefined && !/^(root|0)(:|$)/u.test(user), `the final stage's USER is ${user}`);
  // the same node, flags and script as npm start, and the flags the benchmark measured
  const started = /\bnode ((?:--\S+ )*)(\S+)$/u.exec(packageJson.scripts.start!);
  const flags = started?.[1]
    ?.trim()
    .split(' ')
    .filter((flag) => flag !== '');
  assert.equal(started?.[2], 'dist/src/main.js');
  assert.deepEqual(flags, SERVER_NODE_FLAGS);
  assert.deepEqual(JSON.parse(last(runtime, 'CMD')!), ['node', ...SERVER_NODE_FLAGS, 'dist/src/main.js']);
  const healthcheck = last(runtime, 'HEALTHCHECK')!;
  const command = JSON.parse(healthcheck.slice(healthcheck.indexOf('CMD ') + 4)) as string[];
  assert.equal(command[0], 'node', 'the slim image has no curl');
  assert.match(
    command.join(' '),
    /fetch\('http:\/\/127\.0\.0\.1:' \+ \(process\.env\.PORT \|\| 3000\) \+ '\/health'\)/u,
  );
  const env = envOf(runtime);
  assert.equal(env.get('HOST'), '0.0.0.0');
  assert.equal(env.get('KOHYO_DB'), '/data/kohyo.sqlite');
  assert.equal(last(runtime, 'EXPOSE'), env.get('PORT'));
  for (const name of env.keys()) assert.ok(settingNames.has(name) || name === 'NODE_ENV', `${name} is not a setting`);
});

test('production runs compiled code: no TypeScript runner among the dependencies, no src/ in the image', () => {
  for (const runner of ['tsx', 'ts-node', 'typescript', 'esbuild', '@swc/core'])
    assert.ok(!(runner in packageJson.dependencies), `${runner} is a production dependency`);
  assert.ok('tsx' in packageJson.devDependencies, 'the tests, benchmarks and generators run TypeScript through tsx');
  // what the runtime stage takes from the build: the packages (devDependencies pruned), the build and the launcher
  const taken = all(runtime, 'COPY').flatMap((args) => {
    const [from, ...paths] = args.split(/\s+/u);
    return from === '--from=build' ? paths.slice(0, -1) : [];
  });
  assert.deepEqual(taken.sort(), [
    '/app/dist',
    '/app/node_modules',
    '/app/package-lock.json',
    '/app/package.json',
    '/app/scripts',
  ]);
  // the build stage puts only the launcher and the build script in scripts/
  assert.ok(all(build, 'COPY').includes('scripts/build.mjs scripts/kohyo.mjs ./scripts/'));
  // `npm start` and `npm run kohyo` (the collector's command in compose.yaml) run JavaScript, never through tsx; the
  // shell npm starts gives its place to the server (exec), so that npm's SIGTERM or SIGINT reaches the server itself
  assert.match(
    packageJson.scripts.start!,
    /^node scripts\/build\.mjs --if-changed && exec node (--\S+ )*dist\/src\/main\.js$/u,
  );
  assert.match(packageJson.scripts.kohyo!, /^node scripts\/kohyo\.mjs$/u);
  assert.doesNotMatch(read('scripts/kohyo.mjs'), /from 'tsx|import\('tsx/u);
});

test('what the build stage copies from the context exists and is not left out by .dockerignore', () => {
  const lines = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const ignored = new Set(lines.filter((l) => !l.startsWith('!')));
  const kept = new Set(lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1)));
  const copied = all(build, 'COPY').flatMap((args) => args.split(/\s+/u).slice(0, -1));
  assert.ok(copied.length > 0);
  for (const path of copied) {
    assert.ok(existsSync(new URL(path, root)), `${path} is not in the repository`);
    assert.ok(!ignored.has(path.split('/')[0]!) || kept.has(path), `${path} is left out by .dockerignore`);
  }
  for (const heavy of ['node_modules', 'dist', 'data', '.git'])
    assert.ok(ignored.has(heavy), `.dockerignore leaves out ${heavy}`);
});

interface ComposeService {
  readonly image?: string;
  readonly command?: string[];
  readonly environment?: Record<string, string>;
  readonly volumes?: string[];
  readonly depends_on?: Record<string, { condition: string }>;
}

const composeText = read('compose.yaml');
const compose = parse(composeText, { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const apis = ['api-1', 'api-2'].map((name) => compose.services[name]!);

test('compose runs two API replicas sharing Redis and the usage secret, following what the collector publishes', () => {
  assert.deepEqual(Object.keys(compose.services).sort(), ['api-1', 'api-2', 'collector', 'proxy', 'redis']);
  assert.ok('datasets' in compose.volumes);
  for (const api of apis) {
    const env = api.environment!;
    assert.equal(new URL(env.REDIS_URL!).hostname, 'redis');
    assert.equal(env.KOHYO_DATASET_URL, 'file:///datasets/manifest.json');
    assert.match(env.KOHYO_USAGE_SECRET!, /^\$\{KOHYO_USAGE_SECRET:\?/u, 'the one secret, required of the operator');
    assert.ok(api.volumes!.includes('datasets:/datasets:ro'));
    assert.equal(api.depends_on?.redis?.condition, 'service_healthy');
  }
  assert.deepEqual(apis[0]!.environment, apis[1]!.environment);
  assert.notDeepEqual(apis[0]!.volumes, apis[1]!.volumes, 'each replica has its own /data');
  const collector = compose.services.collector!;
  assert.ok(collector.volumes!.includes('datasets:/datasets'));
  // the operator's source files, added without a build: a folder of the host the operator writes, read by every
  // collection
  assert.equal(collector.environment?.KOHYO_SOURCES_DIR, '/sources');
  assert.ok(collector.volumes!.includes('./sources:/sources'), 'the source files are a writable folder of the host');
  assert.match(all(runtime, 'RUN').join('\n'), /mkdir -p [^&]*\/sources && chown node:node [^&]*\/sources/u);
  assert.match(collector.command!.join(' '), /npm run --silent kohyo -- publish-dataset --to \/datasets\b/u);
});

test("compose bounds Redis's memory, evicting the idlest limiter keys, as docs/operating.md says", () => {
  const command = compose.services.redis!.command!;
  const option = (name: string) => command[command.indexOf(name) + 1];
  assert.ok(command.includes('--maxmemory'), 'Redis has a maxmemory');
  assert.equal(option('--maxmemory-policy'), 'volatile-lru');
  const operating = read('docs/operating.md');
  assert.ok(operating.includes(`--maxmemory ${option('--maxmemory')}`), `operating.md gives ${option('--maxmemory')}`);
  assert.ok(operating.includes('--maxmemory-policy volatile-lru'));
});

test('every variable compose sets or reads is a documented setting (or an AWS one)', () => {
  const named = new Set<string>();
  for (const service of Object.values(compose.services))
    for (const name of Object.keys(service.environment ?? {})) named.add(name);
  for (const m of composeText.matchAll(/\$\{(\w+)/gu)) named.add(m[1]!);
  assert.ok(named.size > 0);
  for (const name of named) {
    assert.ok(settingNames.has(name) || name.startsWith('AWS_'), `${name} is not a setting of src/config.ts`);
  }
});

test('docs/operating.md says how to run the containers', () => {
  assertSectionNames(read('docs/operating.md'), '## Running in containers', [
    'docker build',
    'docker compose up',
    'api-1',
    'api-2',
    'collector',
    'redis',
    '/health',
    '/metrics',
    'KOHYO_USAGE_SECRET',
  ]);
});
