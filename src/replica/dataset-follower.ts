// A replica follows a published dataset: it polls the manifest, downloads a new version beside KOHYO_DB, checks its
// size, sha256, schema and integrity, and renames it over KOHYO_DB, where the DatasetHolder switches to it without
// dropping a request. Whatever fails leaves the old version served, and the next poll tries again.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { integrityProblems, openReadOnly } from '../store/schema/database.js';
import { MANIFEST_NAME, parseManifest, type DatasetManifest } from '../domain/published-dataset.js';
import type { DatasetBucket } from './dataset-bucket.js';

interface FollowerLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface FollowerOptions {
  readonly bucket: DatasetBucket;
  /** KOHYO_DB: where the version served is kept. */
  readonly dbPath: string;
  /** Switches the server to the file now at dbPath (DatasetHolder.reload); absent where another process serves. */
  readonly switchTo?: () => void;
  readonly log: FollowerLog;
}

export type SyncOutcome = 'unchanged' | 'switched' | 'failed';

/** Beside KOHYO_DB: the manifest of the version last put there, so that a restart does not download it again. */
function publicationPath(dbPath: string): string {
  return `${dbPath}.published.json`;
}

/** The manifest of the version at dbPath, when a follower put it there. */
export function servedPublication(dbPath: string): DatasetManifest | null {
  try {
    return parseManifest(readFileSync(publicationPath(dbPath), 'utf8'));
  } catch {
    return null;
  }
}

export class DatasetFollower {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<SyncOutcome> | null = null;
  #stopped = false;

  constructor(private readonly options: FollowerOptions) {}

  /** One poll: switches to the published version when it is another than the one at dbPath. Never throws. */
  sync(): Promise<SyncOutcome> {
    // a slow download is not started twice by the next tick
    this.#running ??= this.#sync().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Polls every `intervalMs` until stopped; the timer does not keep the process alive. */
  start(intervalMs: number): void {
    const tick = () => {
      this.#timer = setTimeout(() => {
        void this.sync().then(() => {
          if (!this.#stopped) tick();
        });
      }, intervalMs);
      this.#timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    await this.#running;
  }

  async #sync(): Promise<SyncOutcome> {
    const { bucket, dbPath, log } = this.options;
    const temp = `${dbPath}.download-${process.pid}`;
    try {
      const text = await bucket.readText(MANIFEST_NAME);
      if (text === null) throw new Error('nothing is published there yet (no manifest)');
      const manifest = parseManifest(text);
      if (existsSync(dbPath) && servedPublication(dbPath)?.sha256 === manifest.sha256) return 'unchanged';
      const got = await bucket.download(manifest.file, temp);
      if (got.size !== manifest.size)
        throw new Error(`the download has ${got.size} bytes; the manifest says ${manifest.size}`);
      if (got.sha256 !== manifest.sha256)
        throw new Error(`the download's sha256 is ${got.sha256}; the manifest says ${manifest.sha256}`);
      checkDatabase(temp);
      renameSync(temp, dbPath);
      for (const sidecar of ['-wal', '-shm']) rmSync(`${dbPath}${sidecar}`, { force: true });
      writeFileSync(`${publicationPath(dbPath)}.tmp`, `${JSON.stringify(manifest)}\n`);
      renameSync(`${publicationPath(dbPath)}.tmp`, publicationPath(dbPath));
      this.options.switchTo?.();
      log.info(
        { version: manifest.version, built_at: manifest.built_at, size: manifest.size },
        'switched to the published dataset',
      );
      return 'switched';
    } catch (error) {
      log.error({ err: error }, 'could not follow the published dataset; still serving the version held');
      return 'failed';
    } finally {
      rmSync(temp, { force: true });
    }
  }
}

/** Opens the file as the server would (which checks its schema version) and runs SQLite's integrity check. */
function checkDatabase(path: string): void {
  const db = openReadOnly(path);
  try {
    const problems = integrityProblems(db);
    if (problems.length > 0)
      throw new Error(`the download failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
  } finally {
    db.close();
  }
}
