// The manifest of a published dataset and the addresses it is published to and followed from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AddressError,
  ManifestError,
  manifestFor,
  parseManifest,
  parseManifestUrl,
  parsePublishTarget,
} from '../../src/domain/published-dataset.js';

const SHA = 'ab'.repeat(32);

test('a version names its build time and bytes, and the file is named after it', () => {
  const manifest = manifestFor('2026-11-21T03:00:00.123Z', 'production', SHA, 4096);
  assert.deepEqual(manifest, {
    format: 1,
    version: '20261121T030000Z-abababababab',
    built_at: '2026-11-21T03:00:00.123Z',
    kind: 'production',
    sha256: SHA,
    size: 4096,
    file: 'kohyo-20261121T030000Z-abababababab.sqlite',
  });
  assert.deepEqual(parseManifest(JSON.stringify(manifest)), manifest);
});

test('a manifest that lacks a field, or names a file outside its folder, is refused', () => {
  const good = manifestFor('2026-11-21T03:00:00Z', 'demo', SHA, 10);
  const cases: Record<string, unknown> = {
    'not JSON': '{',
    'null at the top': 'null',
    'a string at the top': '"manifest"',
    'a list at the top': '[]',
    'no version': { ...good, version: undefined },
    'a version with a slash': { ...good, version: 'a/b' },
    format: { ...good, format: 2 },
    sha256: { ...good, sha256: 'xyz' },
    size: { ...good, size: -1 },
    'a path': { ...good, file: '../../etc/passwd' },
    'a hidden file': { ...good, file: '.hidden' },
    kind: { ...good, kind: 'staging' },
    built_at: { ...good, built_at: 'yesterday' },
  };
  for (const [what, value] of Object.entries(cases)) {
    assert.throws(() => parseManifest(typeof value === 'string' ? value : JSON.stringify(value)), ManifestError, what);
  }
});

test('addresses: publish to a directory or a bucket, follow from those or an HTTP server', () => {
  assert.deepEqual(parsePublishTarget('/srv/datasets'), { kind: 'directory', path: '/srv/datasets' });
  assert.deepEqual(parsePublishTarget('file:///srv/data%20sets'), { kind: 'directory', path: '/srv/data sets' });
  assert.deepEqual(parsePublishTarget('s3://kohyo/datasets/'), { kind: 's3', bucket: 'kohyo', prefix: 'datasets' });
  assert.throws(() => parsePublishTarget('https://example.org/datasets'), AddressError);
  assert.deepEqual(parseManifestUrl('https://cdn.example.org/kohyo/manifest.json'), {
    kind: 'http',
    base: 'https://cdn.example.org/kohyo',
  });
  assert.deepEqual(parseManifestUrl('s3://kohyo/manifest.json'), { kind: 's3', bucket: 'kohyo', prefix: '' });
  assert.deepEqual(parseManifestUrl('file:///datasets/manifest.json'), { kind: 'directory', path: '/datasets' });
  assert.throws(() => parseManifestUrl('https://example.org/kohyo/'), AddressError);
  assert.throws(() => parseManifestUrl('ftp://example.org/manifest.json'), AddressError);
});
