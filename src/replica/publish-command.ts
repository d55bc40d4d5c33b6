// `kohyo publish-dataset --to DEST`: publishes the dataset at KOHYO_DB for replicas to follow. A consistent snapshot is
// checked, uploaded under a name that never changes once written, and only then named by the manifest, written last.
import { rmSync, existsSync } from 'node:fs';
import { readCommandArgs } from '../command-args.js';
import type { DatasetMeta } from '../store/schema/database.js';
import { writeCheckedSnapshot } from '../store/write/dataset-snapshot.js';
import {
  AddressError,
  MANIFEST_NAME,
  ManifestError,
  manifestFor,
  parseManifest,
  parsePublishTarget,
  type DatasetManifest,
} from '../domain/published-dataset.js';
import { measureFile, openBucket } from './dataset-bucket.js';

export interface PublishContext {
  readonly dbPath: string;
  readonly s3Endpoint: string | null;
  readonly stdout: (line: string) => void;
  readonly stderr: (line: string) => void;
}

export async function runPublishDataset(args: readonly string[], context: PublishContext): Promise<number> {
  const parsed = readCommandArgs(args, { options: { to: { type: 'string' } } });
  const target = typeof parsed === 'string' ? undefined : parsed.values.to;
  if (target === undefined) {
    const refused = typeof parsed === 'string' ? `kohyo: ${parsed}\n` : '';
    context.stderr(
      `${refused}usage: npm run kohyo -- publish-dataset --to <directory | file:///directory | s3://bucket/prefix>`,
    );
    return 2;
  }
  if (!existsSync(context.dbPath)) {
    context.stderr(`kohyo: there is no dataset at ${context.dbPath} to publish`);
    return 1;
  }
  let bucket;
  try {
    bucket = openBucket(parsePublishTarget(target), { s3Endpoint: context.s3Endpoint });
  } catch (error) {
    if (error instanceof AddressError) {
      context.stderr(`kohyo: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const snapshot = `${context.dbPath}.publish-${process.pid}`;
  try {
    const meta = writeCheckedSnapshot(context.dbPath, snapshot);
    const manifest = await manifestOf(snapshot, meta);
    const published = await bucket.readText(MANIFEST_NAME);
    if (published !== null && sameDataset(published, manifest)) {
      context.stdout(
        `already published: ${manifest.version} (${manifest.kind}, built ${manifest.built_at}) at ${target}`,
      );
      return 0;
    }
    if (!(await bucket.exists(manifest.file))) await bucket.upload(manifest.file, snapshot);
    await bucket.writeText(MANIFEST_NAME, `${JSON.stringify(manifest, null, 2)}\n`);
    context.stdout(
      `published ${manifest.version} (${manifest.kind}, built ${manifest.built_at}, ${manifest.size} bytes, sha256 ${manifest.sha256}) to ${target}`,
    );
    return 0;
  } finally {
    rmSync(snapshot, { force: true });
    rmSync(`${snapshot}-journal`, { force: true });
  }
}

/** The manifest of the snapshot at `path`, whose meta is `meta`. */
async function manifestOf(path: string, meta: DatasetMeta): Promise<DatasetManifest> {
  const { size, sha256 } = await measureFile(path);
  return manifestFor(meta.version, meta.kind, sha256, size);
}

/** Whether the published manifest already names these bytes (an unreadable one is replaced). */
function sameDataset(publishedText: string, manifest: DatasetManifest): boolean {
  try {
    return parseManifest(publishedText).sha256 === manifest.sha256;
  } catch (error) {
    if (error instanceof ManifestError) return false;
    throw error;
  }
}
