// Atom documents checked against RFC 4287's RELAX NG schema (test/fixtures/atom/atom.rng) with xmllint, which
// npm test installs (libxml2-utils).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { xmllint } from './xml-values.js';

const SCHEMA = new URL('../fixtures/atom/atom.rng', import.meta.url).pathname;

/** xmllint's verdict on a document against the Atom schema: null when valid, else its complaint. */
export async function atomSchemaErrors(xml: string): Promise<string | null> {
  const file = join(mkdtempSync(join(tmpdir(), 'kohyo-atom-')), 'feed.xml');
  writeFileSync(file, xml);
  try {
    await xmllint(['--noout', '--relaxng', SCHEMA, file]);
    return null;
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}
