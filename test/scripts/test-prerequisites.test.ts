// scripts/test-prerequisites.ts (run first by npm test): what it decides is missing, and that it installs it
// with apt-get (a fake one here: the real packages stay installed on this machine) or fails with the command to run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ensurePrerequisites,
  missingMessage,
  plan,
  PREREQUISITES,
  systemOf,
  type System,
} from '../../scripts/test-prerequisites.js';

const REDIS = PREREQUISITES.find((p) => p.needs === 'redis-server')!;

/** A machine with the given paths present (programs and files alike), PATH /usr/bin. */
function machine(present: readonly string[], who: { root: boolean; sudo: boolean }): System {
  return {
    usable: (path) => present.includes(path),
    path: '/usr/local/bin:/usr/bin',
    isRoot: who.root,
    hasPasswordlessSudo: () => who.sudo,
  };
}
const EVERYTHING = [
  '/usr/bin/redis-server',
  '/usr/bin/chromium',
  '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf',
  '/usr/bin/xmllint',
  '/usr/sbin/nginx',
];

test('plan: nothing to do when all is there, apt-get as root or through sudo, else a refusal', () => {
  const cases: [string, readonly string[], { root: boolean; sudo: boolean }, string][] = [
    ['all there, not root', EVERYTHING, { root: false, sudo: false }, 'ready'],
    ['redis-server missing, root', EVERYTHING.slice(1), { root: true, sudo: false }, 'install redis-server'],
    [
      'all missing, sudo',
      [],
      { root: false, sudo: true },
      'install with sudo redis-server chromium fonts-ipafont-gothic libxml2-utils nginx',
    ],
    [
      'font missing, neither',
      EVERYTHING.filter((p) => !p.endsWith('.ttf')),
      { root: false, sudo: false },
      'cannot fonts-ipafont-gothic',
    ],
    [
      'redis-server elsewhere on PATH',
      ['/usr/local/bin/redis-server', ...EVERYTHING.slice(1)],
      { root: false, sudo: false },
      'ready',
    ],
  ];
  for (const [name, present, who, expected] of cases) {
    const decided = plan(machine(present, who));
    const said =
      decided.kind === 'ready'
        ? 'ready'
        : `${decided.kind}${decided.kind === 'install' && decided.sudo ? ' with sudo' : ''} ${decided.missing.map((p) => p.debianPackage).join(' ')}`;
    assert.equal(said, expected, name);
  }
});

/**
 * The real script with a fake apt-get that records its calls: PATH is one empty folder (no redis-server in it), and
 * chromium, the font, xmllint and nginx count as present, so redis-server is what is missing.
 */
function run(fakeAptGet: string, who = { root: true }) {
  const dir = mkdtempSync(join(tmpdir(), 'kohyo-prerequisites-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const aptGet = join(dir, 'fake-apt-get');
  writeFileSync(aptGet, `#!/bin/sh\necho "$@" >> "${dir}/calls"\n${fakeAptGet}\n`);
  chmodSync(aptGet, 0o755);
  const env = { PATH: bin, KOHYO_APT_GET: aptGet, FAKE_BIN: bin };
  const real = systemOf(env);
  const system: System = {
    ...real,
    usable: (path, kind) => path.startsWith('/usr/') || path.endsWith('/xmllint') || real.usable(path, kind),
    isRoot: who.root,
    hasPasswordlessSudo: () => false,
  };
  const lines: string[] = [];
  const status = ensurePrerequisites(env, system, (text) => lines.push(text));
  const calls = existsSync(join(dir, 'calls')) ? readFileSync(join(dir, 'calls'), 'utf8') : '';
  return { status, said: lines.join('\n'), calls };
}

const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y redis-server';

test('as root, a missing redis-server is installed with apt-get, saying what and why, then found', () => {
  const outcome = run(
    `[ "$1" = install ] && printf '#!/bin/sh\\n' > "$FAKE_BIN/redis-server" && /bin/chmod +x "$FAKE_BIN/redis-server"\nexit 0`,
  );
  assert.equal(outcome.calls, 'update\ninstall -y redis-server\n');
  assert.ok(
    outcome.said.includes(
      `installing what the tests need from Debian (redis-server):\n  redis-server (package redis-server): ${REDIS.why}`,
    ),
    outcome.said,
  );
  assert.equal(outcome.status, 0, outcome.said);
});

test('an install that leaves it missing, or an apt-get that fails, fails the run with the command to run', () => {
  const stillMissing = run('exit 0');
  assert.equal(stillMissing.status, 1);
  assert.match(stillMissing.said, /installed, yet still missing:\n {2}redis-server/u);
  const failing = run('exit 100');
  assert.equal(failing.calls, 'update\n', 'no install after a failed update');
  assert.equal(failing.status, 1);
  assert.ok(
    failing.said.endsWith(`apt-get failed; install it yourself, then run npm test again:\n  ${INSTALL_COMMAND}`),
    failing.said,
  );
});

test('neither root nor passwordless sudo: nothing is run, and the run fails with the command to run', () => {
  const outcome = run('exit 0', { root: false });
  assert.equal(outcome.calls, '');
  assert.equal(outcome.status, 1);
  assert.ok(outcome.said.endsWith(`Install it, then run npm test again:\n  ${INSTALL_COMMAND}`), outcome.said);
});

test('a test that finds something missing anyway fails with the install command', () => {
  assert.equal(
    missingMessage('/usr/bin/chromium'),
    '/usr/bin/chromium is missing: sudo apt-get update && sudo apt-get install -y chromium (npm test installs it when it runs as root or with passwordless sudo)',
  );
});

test('README.md names every Debian package the tests install', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  for (const { debianPackage } of PREREQUISITES)
    assert.ok(readme.includes(`\`${debianPackage}\``), `README.md does not name ${debianPackage}`);
});
