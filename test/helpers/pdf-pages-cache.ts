// The real MHLW editions read by pdfjs once per test run, not once per test file: readPdfText takes seconds of CPU per
// edition and five test files read the same nine. The pages are kept among the run's files (test/helpers/run-cache.ts)
// under the SHA-256 of the file's bytes, written by whichever test file reads an edition first.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import {
  MHLW_LABOUR_SOURCE_ID,
  mhlwRecordsFromPages,
} from '../../src/ingest/sources/mhlw-labour-law-violations/parser.js';
import type { PdfPage } from '../../src/ingest/parsers/pdf-page.js';
import { readPdfText } from '../../src/ingest/parsers/pdf-text.js';
import type { ParserResolver, SourceParser } from '../../src/ingest/parsers/source-parser.js';
import { fileOfRun } from './run-cache.js';

/** The pages readPdfText reads from `bytes` (a PDF within the default budget), read once per run. */
export async function cachedPdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const name = `pdf-pages-${createHash('sha256').update(bytes).digest('hex')}.v8`;
  // v8's serialisation, not JSON: it keeps every number as pdfjs gave it (-0 included)
  const path = await fileOfRun(name, async (target) => writeFileSync(target, serialize(await readPdfText(bytes))));
  return deserialize(readFileSync(path)) as PdfPage[];
}

/** The MHLW parser's `parse` on the pages of cachedPdfPages: the same records from the same pages. */
export const cachedMhlwParser: SourceParser = async (bytes, context) =>
  mhlwRecordsFromPages(await cachedPdfPages(bytes), context);

/** The registry's MHLW source read by cachedMhlwParser; no other source is collected. */
export const cachedMhlwResolver: ParserResolver = (source) =>
  source.id === MHLW_LABOUR_SOURCE_ID ? cachedMhlwParser : null;
