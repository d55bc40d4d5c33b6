// A local S3-compatible server (s3rver) on a free port over a temporary folder, with one bucket, for the tests of
// dataset publication. The SDK signs with s3rver's fixed credentials.
import { mkdtempSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  readonly endpoint: string;
  close(): Promise<void>;
}

export async function startS3Server(bucket: string): Promise<S3Server> {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'kohyo-s3-')),
    configureBuckets: [{ name: bucket }],
  });
  writtenBeforeAnswering(server);
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** How long a PUT's answer waits for s3rver's file to hold the object, at most: a stuck write fails the test. */
const WRITE_WAIT_MS = 10_000;

/**
 * s3rver (3.7) answers a PUT once it has read the body, not once its file holds it: its store resolves on the hashing
 * stream's finish, while the file's write stream may still be writing. A GET right after then read part of the
 * object (a manifest "not JSON", a dataset whose sha256 is wrong), which a real S3 never answers after a PUT's 200.
 * Each PUT's answer waits here until the file holds the object.
 */
function writtenBeforeAnswering(server: S3rver): void {
  const { store } = server;
  const put = store.putObject.bind(store);
  store.putObject = async (object) => {
    const written = await put(object);
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    // by its MD5, as s3rver took it from the body: a size alone would take an older object of the same size for it
    const holds = async () =>
      createHash('md5')
        .update(await readFile(path))
        .digest('hex') === written.md5;
    for (const started = Date.now(); !(await holds()); await sleep(5)) {
      if (Date.now() - started > WRITE_WAIT_MS) throw new Error(`s3rver did not write ${object.key} in time`);
    }
    return written;
  };
}
