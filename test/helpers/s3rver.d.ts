// s3rver ships no types: what the tests use of it.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }
  /** Its file store: where an object is kept, and the write of one. */
  interface FilesystemStore {
    getResourcePath(bucket: string, key: string, resource: 'object'): string;
    putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly store: FilesystemStore;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
