// A list read from a local file, by every reader of one (`collect --file`, `sources try --file`, `sources propose
// --file`): refused at once, before a byte is read, when it is larger than a fetched list may be.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_LIST_BYTES } from './fetcher.js';

export type LocalFileRead =
  { readonly ok: true; readonly body: Buffer } | { readonly ok: false; readonly error: string };

/**
 * The file's bytes, or why not in a sentence naming the file by its name alone (the sentence may be published in
 * a run's error, and the operator's folders are not the public's). Its size is read from the open file and the read
 * stops at the bound, so a file that grows meanwhile is refused too.
 */
export async function readLocalListFile(path: string, maxBytes = MAX_LIST_BYTES): Promise<LocalFileRead> {
  const name = basename(path);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    return { ok: false, error: `cannot read ${name}: ${errorWords(error)}` };
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return { ok: false, error: tooLarge(name, size, maxBytes) };
    const body = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const { bytesRead } = await handle.read(body, read, size - read, read);
      // a file that shrank meanwhile is read as far as it goes
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const more = await handle.read(Buffer.alloc(1), 0, 1, read);
    if (more.bytesRead > 0) return { ok: false, error: `${name} grew while it was read; try again` };
    return { ok: true, body: body.subarray(0, read) };
  } catch (error) {
    return { ok: false, error: `cannot read ${name}: ${errorWords(error)}` };
  } finally {
    await handle.close();
  }
}

function tooLarge(name: string, size: number, maxBytes: number): string {
  const mb = (n: number) => `${(n / 1024 / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
  return `${name} is ${mb(size)}, more than a list may be (${mb(maxBytes)}, MAX_LIST_BYTES): it was not read`;
}

/** An error of the file system in words without the path it carries: 'no such file or directory (ENOENT)'. */
function errorWords(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    const words = error.message.replace(/^\w+: /u, '').replace(/, \w+ '.*'$/u, '');
    return `${words} (${error.code})`;
  }
  return 'the file could not be read';
}
