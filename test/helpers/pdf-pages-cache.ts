// The real MHLW editions read by pdfjs once per test run, not once per test file: readPdfText takes seconds of CPU per
// edition and five test files read the same nine. The pages are kept in the run's folder (KOHYO_TEST_RUN_DIR, which
// scripts/test-run.mjs makes and removes) under the SHA-256 of the file's bytes, written by whichever test file reads
// an edition first; a file run on its own keeps them in a folder of its process. Only within one run, so that what is
// read is always what today's code reads from these bytes.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { MHLW_LABOUR_SOURCE_ID, mhlwRecordsFromPages } from '../../src/ingest/parsers/mhlw-labour-violations-pdf.js';
import type { PdfPage } from '../../src/ingest/parsers/pdf-page.js';
import { readPdfText } from '../../src/ingest/parsers/pdf-text.js';
import type { ParserResolver, SourceParser } from '../../src/ingest/parsers/source-parser.js';

let processFolder: string | undefined;

function cacheFolder(): string {
  const shared = process.env.KOHYO_TEST_RUN_DIR;
  if (shared !== undefined && shared !== '') return shared;
  processFolder ??= mkdtempSync(join(tmpdir(), 'kohyo-pdf-pages-'));
  return processFolder;
}

function read(path: string): PdfPage[] | undefined {
  try {
    // v8's serialisation, not JSON: it keeps every number as pdfjs gave it (-0 included)
    return deserialize(readFileSync(path)) as PdfPage[];
  } catch {
    return undefined;
  }
}

/** The pages readPdfText reads from `bytes` (a PDF within the default budget), read once per run. */
export async function cachedPdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const path = join(cacheFolder(), `pdf-pages-${createHash('sha256').update(bytes).digest('hex')}.v8`);
  const kept = read(path);
  if (kept !== undefined) return kept;
  const pages = await readPdfText(bytes);
  // written beside, then renamed: a test file running at the same time reads the whole file or none
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, serialize(pages));
  renameSync(partial, path);
  return pages;
}

/** parseMhlwLabourViolationsPdf on the pages of cachedPdfPages: the same records from the same pages. */
export const cachedMhlwParser: SourceParser = async (bytes, context) =>
  mhlwRecordsFromPages(await cachedPdfPages(bytes), context);

/** The registry's MHLW source read by cachedMhlwParser; no other source is collected. */
export const cachedMhlwResolver: ParserResolver = (source) =>
  source.id === MHLW_LABOUR_SOURCE_ID ? cachedMhlwParser : null;
