// A published dataset: an immutable, versioned file and the small manifest that names it, and the addresses they
// are published to (a directory or an S3 bucket) and followed from (those, or an HTTP(S) server).
import { isObject } from '../lib/is-object.js';

export interface DatasetManifest {
  readonly format: 1;
  /** The file's stem: build time and the first 12 hex digits of its sha256, so a version names one file for good. */
  readonly version: string;
  /** The dataset's own version (`meta.dataset.version`): when it was built. */
  readonly built_at: string;
  readonly kind: 'demo' | 'production';
  readonly sha256: string;
  readonly size: number;
  /** The file's name, beside the manifest. */
  readonly file: string;
}

export const MANIFEST_NAME = 'manifest.json';

export class ManifestError extends Error {}

/** The manifest of a file built at `builtAt` with these bytes. */
export function manifestFor(
  builtAt: string,
  kind: 'demo' | 'production',
  sha256: string,
  size: number,
): DatasetManifest {
  const stamp = builtAt.replace(/\.\d+/u, '').replace(/[-:]/gu, '');
  const version = `${stamp}-${sha256.slice(0, 12)}`;
  return { format: 1, version, built_at: builtAt, kind, sha256, size, file: `kohyo-${version}.sqlite` };
}

/** Reads a manifest, refusing anything that could name a file outside its folder or lacks a field. */
export function parseManifest(text: string): DatasetManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManifestError('the manifest is not JSON');
  }
  const refused = (what: string) => new ManifestError(`the manifest's ${what}`);
  if (!isObject(value)) throw refused('top level is not an object');
  const { format, version, built_at, kind, sha256, size, file } = value;
  if (format !== 1) throw refused(`format is ${JSON.stringify(format)}, not 1 (a newer publisher?)`);
  if (typeof version !== 'string' || !/^[\w.-]{1,100}$/u.test(version))
    throw refused('version is missing or not a plain name');
  if (typeof built_at !== 'string' || Number.isNaN(Date.parse(built_at))) throw refused('built_at is not an instant');
  if (kind !== 'demo' && kind !== 'production') throw refused('kind is neither demo nor production');
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/u.test(sha256))
    throw refused('sha256 is not 64 hexadecimal digits');
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0)
    throw refused('size is not a positive whole number');
  if (typeof file !== 'string' || !/^[\w.-]{1,200}$/u.test(file) || file.startsWith('.'))
    throw refused('file is not a plain file name');
  return { format, version, built_at, kind, sha256, size, file };
}

/** Where datasets are published to or followed from. */
export type DatasetAddress =
  | { readonly kind: 'directory'; readonly path: string }
  | { readonly kind: 'http'; readonly base: string }
  | { readonly kind: 's3'; readonly bucket: string; readonly prefix: string };

export class AddressError extends Error {}

/**
 * A folder to publish to: a path, `file:///path`, or `s3://bucket/prefix`. (An HTTP server cannot be published to;
 * serve the folder instead.)
 */
export function parsePublishTarget(text: string): DatasetAddress {
  if (/^[a-z][a-z0-9+.-]*:\/\//iu.test(text)) {
    const address = parseFolderUrl(text);
    if (address.kind === 'http')
      throw new AddressError(`cannot publish to ${text}: give a directory or an s3:// address`);
    return address;
  }
  if (text.trim() === '') throw new AddressError('give the folder to publish to');
  return { kind: 'directory', path: text };
}

/** KOHYO_DATASET_URL: the address of a manifest (`…/manifest.json`), whose folder holds the dataset files. */
export function parseManifestUrl(text: string): DatasetAddress {
  if (!text.endsWith(`/${MANIFEST_NAME}`)) throw new AddressError(`"${text}" does not end in /${MANIFEST_NAME}`);
  return parseFolderUrl(text.slice(0, -MANIFEST_NAME.length - 1));
}

function parseFolderUrl(text: string): DatasetAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AddressError(`"${text}" is not a URL`);
  }
  switch (url.protocol) {
    case 'file:':
      return { kind: 'directory', path: decodeURIComponent(url.pathname) };
    case 'http:':
    case 'https:':
      return { kind: 'http', base: `${url.origin}${url.pathname.replace(/\/$/u, '')}` };
    case 's3:':
      if (url.hostname === '') throw new AddressError(`"${text}" names no bucket`);
      return { kind: 's3', bucket: url.hostname, prefix: decodeURIComponent(url.pathname).replace(/^\/|\/$/gu, '') };
    default:
      throw new AddressError(`"${text}": the scheme must be file://, http://, https:// or s3://`);
  }
}
