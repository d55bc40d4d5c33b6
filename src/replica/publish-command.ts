// `kohyo publish-dataset --to DEST`: publishes the dataset at KOHYO_DB for replicas to follow. A consistent snapshot
// (VACUUM INTO reads one, so a running writer is neither blocked nor half copied) is checked, uploaded under a name
// that never changes once written, and only then named by the manifest, which is written last.
import { existsSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { readCommandArgs } from '../command-args.js';
import { integrityProblems, readDatasetMeta, readFile } from '../store/schema/database.js';
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
    rmSync(snapshot, { force: true });
    readFile(context.dbPath, (db) => db.prepare('VACUUM INTO ?').run(snapshot));
    const manifest = await checkedManifest(snapshot);
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

/** The snapshot as a file whole on its own (no write-ahead log beside it), checked, and its manifest. */
async function checkedManifest(path: string): Promise<DatasetManifest> {
  const db = new Database(path);
  let meta;
  try {
    db.pragma('journal_mode = DELETE');
    const problems = integrityProblems(db);
    if (problems.length > 0)
      throw new Error(`the dataset failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    meta = readDatasetMeta(db);
  } finally {
    db.close();
  }
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
