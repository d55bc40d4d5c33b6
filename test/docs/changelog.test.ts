// Keeps CHANGELOG.md in the Keep a Changelog shape with an entry for package.json's version, and the versioning
// policy it points to linked and naming its headers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const changelog = read('CHANGELOG.md');
const version = (JSON.parse(read('package.json')) as { version: string }).version;

/** Keep a Changelog 1.1.0's kinds of change. */
const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

interface Release {
  readonly version: string;
  readonly date: string | null;
  readonly kinds: { readonly kind: string; readonly items: number }[];
}

/** The releases, in the file's order; every heading below the title must be a release or a kind of change. */
function releases(markdown: string): Release[] {
  const lines = markdown.split('\n');
  assert.equal(lines[0], '# Changelog');
  const found: { version: string; date: string | null; kinds: { kind: string; items: number }[] }[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith('#')) {
      const release = /^## \[(Unreleased|\d+\.\d+\.\d+)\](?: - (\d{4}-\d{2}-\d{2}))?$/u.exec(line);
      const kind = /^### (\w+)$/u.exec(line);
      if (release) {
        assert.equal(
          release[1] === 'Unreleased',
          release[2] === undefined,
          `${line}: a release has a date, Unreleased none`,
        );
        found.push({ version: release[1]!, date: release[2] ?? null, kinds: [] });
      } else {
        assert.ok(kind && KINDS.includes(kind[1]!), `${line} is neither a release nor one of ${KINDS.join(', ')}`);
        assert.ok(found.length > 0, `${line} comes before any release`);
        found.at(-1)!.kinds.push({ kind: kind[1]!, items: 0 });
      }
    } else if (line.startsWith('- ')) {
      const kinds = found.at(-1)?.kinds;
      assert.ok(kinds && kinds.length > 0, `"${line}" is under no kind of change`);
      kinds.at(-1)!.items++;
    }
  }
  return found;
}

const numeric = (v: string) => v.split('.').map(Number);
const newer = (a: string, b: string) => {
  const [x, y] = [numeric(a), numeric(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return false;
};

test('CHANGELOG.md follows Keep a Changelog: Unreleased first, then releases newest first, each kind with items', () => {
  assert.match(changelog, /\[Keep a Changelog 1\.1\.0\]\(https:\/\/keepachangelog\.com\/en\/1\.1\.0\/\)/u);
  const all = releases(changelog);
  assert.equal(all[0]?.version, 'Unreleased');
  const dated = all.slice(1);
  assert.ok(dated.length > 0);
  for (let i = 1; i < dated.length; i++) {
    assert.ok(
      newer(dated[i - 1]!.version, dated[i]!.version),
      `${dated[i - 1]!.version} is listed above ${dated[i]!.version}`,
    );
    assert.ok(dated[i - 1]!.date! >= dated[i]!.date!, `${dated[i - 1]!.version} is dated before ${dated[i]!.version}`);
  }
  for (const release of all) {
    const kinds = release.kinds.map((k) => k.kind);
    assert.equal(new Set(kinds).size, kinds.length, `${release.version} names a kind of change twice`);
    for (const { kind, items } of release.kinds) assert.ok(items > 0, `${release.version} / ${kind} lists nothing`);
  }
});

test("package.json's version has an entry in CHANGELOG.md", () => {
  const entry = releases(changelog).find((r) => r.version === version);
  assert.ok(entry, `no "## [${version}] - YYYY-MM-DD" in CHANGELOG.md`);
  assert.ok(entry.kinds.length > 0);
});

test('the versioning policy is linked from the README and names the deprecation headers', () => {
  const readme = read('README.md');
  assert.ok(readme.includes('](docs/versioning.md)'));
  assert.ok(readme.includes('](CHANGELOG.md)'));
  const policy = read('docs/versioning.md');
  for (const words of [
    '/api/v2',
    'Deprecation: @',
    'RFC 9745',
    'Sunset: ',
    'RFC 8594',
    'rel="deprecation"',
    '6 months',
  ]) {
    assert.ok(policy.includes(words), `docs/versioning.md names ${words}`);
  }
});
