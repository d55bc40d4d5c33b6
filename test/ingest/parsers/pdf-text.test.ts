import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { readPdfText } from '../../../src/ingest/parsers/pdf-text.js';
import { writeTablePdf } from '../../helpers/pdf.js';

/**
 * The built-ins of this process (those a new realm of the same V8 has too) that are not V8's own code: a polyfill put
 * in their place. The new realm's Function.prototype.toString tells, since a polyfill may replace this realm's.
 */
function replacedBuiltIns(): string[] {
  const realm = runInNewContext('globalThis') as Record<string, unknown>;
  const sourceOf = runInNewContext('(f) => Function.prototype.toString.call(f)') as (f: unknown) => string;
  const replaced: string[] = [];
  for (const name of Object.getOwnPropertyNames(realm)) {
    const theirs = realm[name];
    const ours: unknown = Reflect.get(globalThis, name);
    const pairs: [string, unknown, unknown][] = [
      [name, ours, theirs],
      [`${name}.prototype`, propertyOf(ours, 'prototype'), propertyOf(theirs, 'prototype')],
    ];
    for (const [owner, mine, model] of pairs) {
      if (!isObjectLike(mine) || !isObjectLike(model)) continue;
      for (const key of Reflect.ownKeys(model)) {
        // a value, or a getter and a setter
        for (const fn of Object.values(Object.getOwnPropertyDescriptor(mine, key) ?? {}))
          if (typeof fn === 'function' && !sourceOf(fn).includes('[native code]'))
            replaced.push(`${owner}.${String(key)}`);
      }
    }
  }
  return replaced;
}

const isObjectLike = (value: unknown): value is object =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';
const propertyOf = (value: unknown, key: string): unknown =>
  isObjectLike(value) ? Reflect.get(value, key) : undefined;

test("reading a PDF leaves the process's built-ins V8's own: the polyfills of pdfjs's legacy build replace none", async () => {
  const pdf = await writeTablePdf({ columns: [{ header: '商号', x: 40, width: 200 }], pages: [[['株式会社テスト']]] });
  const pages = await readPdfText(pdf);
  assert.ok(pages[0]?.items.some((item) => item.text.includes('テスト')));
  assert.deepEqual(replacedBuiltIns(), []);
});
