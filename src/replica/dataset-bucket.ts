// The folder datasets are published to and followed from: a directory, an S3-compatible bucket, or (to follow only)
// an HTTP(S) server. Files move as streams, never whole in memory.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import {
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { DatasetAddress } from '../domain/published-dataset.js';
import { propertyOf } from '../lib/is-object.js';

export interface DatasetBucket {
  /** The text of a small object (the manifest), or null when there is none. */
  readText(name: string): Promise<string | null>;
  /** Streams an object into a local file; returns its size and sha256. */
  download(name: string, to: string): Promise<{ readonly size: number; readonly sha256: string }>;
  exists(name: string): Promise<boolean>;
  /** Writes a local file as an object; a reader never sees it half written. */
  upload(name: string, from: string): Promise<void>;
  writeText(name: string, text: string): Promise<void>;
}

export interface BucketOptions {
  /** KOHYO_S3_ENDPOINT: an S3-compatible store's endpoint (path-style addressing); null for AWS itself. */
  readonly s3Endpoint: string | null;
}

class BucketError extends Error {}

export function openBucket(address: DatasetAddress, options: BucketOptions): DatasetBucket {
  switch (address.kind) {
    case 'directory':
      return directoryBucket(address.path);
    case 'http':
      return httpBucket(address.base);
    case 's3':
      return s3Bucket(address.bucket, address.prefix, options);
  }
}

/** Counts and hashes what flows through. */
function measuring(): Transform & { readonly result: () => { size: number; sha256: string } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return Object.assign(stream, { result: () => ({ size, sha256: hash.digest('hex') }) });
}

/** The size and sha256 of a local file, read as a stream. */
export async function measureFile(path: string): Promise<{ size: number; sha256: string }> {
  const meter = measuring();
  await pipeline(createReadStream(path), meter, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return meter.result();
}

async function streamToFile(source: NodeJS.ReadableStream | Readable, to: string) {
  const meter = measuring();
  await pipeline(source, meter, createWriteStream(to));
  return meter.result();
}

function directoryBucket(dir: string): DatasetBucket {
  // written beside, then renamed: a reader sees the whole object or none
  const place = (name: string, write: (temp: string) => void | Promise<void>) => async () => {
    mkdirSync(dir, { recursive: true });
    const temp = join(dir, `.${name}.${process.pid}.tmp`);
    try {
      await write(temp);
      renameSync(temp, join(dir, name));
    } finally {
      rmSync(temp, { force: true });
    }
  };
  return {
    async readText(name) {
      const path = join(dir, name);
      return existsSync(path) ? readFile(path, 'utf8') : null;
    },
    download: (name, to) => streamToFile(createReadStream(join(dir, name)), to),
    exists: async (name) => existsSync(join(dir, name)) && statSync(join(dir, name)).isFile(),
    upload: (name, from) => place(name, (temp) => pipeline(createReadStream(from), createWriteStream(temp)))(),
    writeText: (name, text) => place(name, (temp) => writeFileSync(temp, text))(),
  };
}

function httpBucket(base: string): DatasetBucket {
  const get = async (name: string) => {
    const answer = await request(`${base}/${encodeURIComponent(name)}`, {
      method: 'GET',
      headersTimeout: 30_000,
      bodyTimeout: 300_000,
    });
    return answer;
  };
  const readOnly = async (): Promise<never> => {
    throw new BucketError(`${base} is an HTTP server: publish to its folder instead`);
  };
  return {
    async readText(name) {
      const answer = await get(name);
      if (answer.statusCode === 404) {
        await answer.body.dump();
        return null;
      }
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        throw new BucketError(`${base}/${name} answered ${answer.statusCode}`);
      }
      return answer.body.text();
    },
    async download(name, to) {
      const answer = await get(name);
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        throw new BucketError(`${base}/${name} answered ${answer.statusCode}`);
      }
      return streamToFile(answer.body, to);
    },
    exists: async (name) =>
      (await request(`${base}/${encodeURIComponent(name)}`, { method: 'HEAD' })).statusCode === 200,
    upload: readOnly,
    writeText: readOnly,
  };
}

function s3Bucket(bucket: string, prefix: string, options: BucketOptions): DatasetBucket {
  const client = new S3Client({
    // AWS: the region and credentials the SDK finds (AWS_REGION, AWS_ACCESS_KEY_ID, …); a compatible store ignores the region
    ...(options.s3Endpoint === null ? {} : { endpoint: options.s3Endpoint, forcePathStyle: true, region: 'us-east-1' }),
    // S3-compatible stores do not all read the SDK's newer default checksums (aws-chunked uploads)
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (name: string) => (prefix === '' ? name : `${prefix}/${name}`);
  const missing = (error: unknown) =>
    error instanceof NoSuchKey ||
    error instanceof NotFound ||
    // any other 404 the SDK reports: a store whose error body it does not read as NoSuchKey or NotFound
    propertyOf(propertyOf(error, '$metadata'), 'httpStatusCode') === 404;
  return {
    async readText(name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
        return (await answer.Body?.transformToString('utf8')) ?? '';
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async download(name, to) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
      if (!(answer.Body instanceof Readable)) throw new BucketError(`s3://${bucket}/${key(name)} has no body`);
      return streamToFile(answer.Body, to);
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(name) }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async upload(name, from) {
      // one PUT (up to 5 GB): an object appears whole or not at all
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(name),
          Body: createReadStream(from),
          ContentLength: statSync(from).size,
        }),
      );
    },
    async writeText(name, text) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key(name), Body: text, ContentType: 'application/json' }),
      );
    },
  };
}
