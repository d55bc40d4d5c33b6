// The first stage of a run: the source's list read, fetched from its publisher or from local copies, or found unchanged.
import { createHash } from 'node:crypto';
import type { Db } from '../../store/schema/database.js';
import { readSourceHttpState, type SourceHttpState } from '../../store/write/source-http-state.js';
import type { SourceEntry } from '../registry/source-entry.js';
import type { Fetcher, Validators } from './fetcher.js';
import { fetchListFiles, isMultiFile } from './list-fetch.js';
import type { ListFile } from './parse-list-files.js';
import { latestLastModified } from './edition-run.js';
import { readLocalListFile } from './local-list-file.js';

/** What the run saw of the publisher's answer, as the run records it. */
export interface Seen {
  readonly http_status: number | null;
  readonly bytes: number | null;
}

export type ListRead =
  | {
      readonly kind: 'read';
      readonly files: readonly ListFile[];
      readonly seen: Seen;
      /** The hash of the list's bytes (listHash), kept with the validators once the list is merged. */
      readonly sha256: string;
      /** The validators to send next time; null for local files and for a list of several files. */
      readonly validators: Validators | null;
      /** The response's Last-Modified (the latest of several files'); null for local files. */
      readonly last_modified: string | null;
      /** Read from local copies: the source's HTTP state is neither read nor kept. */
      readonly local: boolean;
    }
  | { readonly kind: 'not_modified'; readonly seen: Seen & { readonly http_status: number } }
  | { readonly kind: 'failed'; readonly error: string; readonly seen: Seen };

export interface ListReadContext {
  /** Where the source's HTTP state is kept; none for a dry run (sources try), which sends no validators. */
  readonly db?: Db;
  readonly fetcher: Fetcher;
  /** Fetch whole lists, ignoring what was stored of them. */
  readonly force: boolean;
}

/**
 * Reads the list: from `localFiles` when given (all of them, the files of one list), else fetched with the
 * validators last stored. A list whose bytes hash as the one last merged is unchanged, whatever the server said.
 */
export async function readList(
  source: SourceEntry,
  context: ListReadContext,
  localFiles: readonly string[] | null,
): Promise<ListRead> {
  const stored =
    context.force || localFiles !== null || context.db === undefined
      ? null
      : readSourceHttpState(context.db, source.id);
  const read =
    localFiles !== null ? await readLocalFiles(source, localFiles) : await fetchFiles(source, context, stored);
  if (read.kind !== 'read') return read;
  // a server that ignores conditional requests still sends the same bytes for an unchanged list
  if (stored !== null && stored.content_sha256 === read.sha256)
    return { kind: 'not_modified', seen: { http_status: read.seen.http_status ?? 200, bytes: read.seen.bytes } };
  return read;
}

async function readLocalFiles(source: SourceEntry, paths: readonly string[]): Promise<ListRead> {
  const files: ListFile[] = [];
  for (const path of paths) {
    const read = await readLocalListFile(path);
    if (!read.ok) return { kind: 'failed', error: read.error, seen: NOTHING_SEEN };
    files.push({ url: source.url, path, body: read.body });
  }
  return readOf(files, { http_status: null, validators: null, last_modified: null, local: true });
}

export const NOTHING_SEEN: Seen = { http_status: null, bytes: null };

async function fetchFiles(
  source: SourceEntry,
  context: ListReadContext,
  stored: SourceHttpState | null,
): Promise<ListRead> {
  const fetched = await fetchListFiles(source, context.fetcher, stored);
  if (fetched.kind === 'failed')
    return { kind: 'failed', error: fetched.error, seen: { http_status: fetched.status, bytes: null } };
  if (fetched.kind === 'not_modified')
    return { kind: 'not_modified', seen: { http_status: fetched.status, bytes: null } };
  // a registry URL that is the page linking the list, not the list, would otherwise fail as a broken file
  const page = fetched.files.find((f) => f.content_type === 'text/html');
  if (page !== undefined && source.format !== 'html') {
    return {
      kind: 'failed',
      error: `${page.url} gives an HTML page, not the ${source.format} list: the registry should name the list's own address, or a list_link to follow from the page`,
      seen: { http_status: page.status, bytes: page.body.length },
    };
  }
  const files = fetched.files.map((f) => ({ url: f.url, path: null, body: f.body }));
  return readOf(files, {
    // a fetched list has one file at least (list-fetch.ts); the status is the last one's
    http_status: fetched.files.at(-1)?.status ?? null,
    // several files are fetched without validators (list-fetch.ts): only the hash of their bodies is kept
    validators: isMultiFile(source) ? null : (fetched.files[0]?.validators ?? null),
    last_modified: latestLastModified(fetched.files.map((f) => f.validators.last_modified)),
    local: false,
  });
}

function readOf(
  files: readonly ListFile[],
  how: { http_status: number | null; validators: Validators | null; last_modified: string | null; local: boolean },
): ListRead {
  const bytes = files.reduce((n, f) => n + f.body.length, 0);
  const { http_status, ...rest } = how;
  return { kind: 'read', files, seen: { http_status, bytes }, sha256: listHash(files), ...rest };
}

/** One file: the hash of its body, as stored before lists of several files. Several: each address and body, framed. */
function listHash(files: readonly ListFile[]): string {
  const [only] = files;
  if (only !== undefined && files.length === 1) return createHash('sha256').update(only.body).digest('hex');
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.url}\n${file.body.length}\n`).update(file.body);
  return hash.digest('hex');
}
