// The text and positions on every page of a PDF, read with Mozilla's pdfjs-dist: the one module that touches pdfjs.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { messageOf } from '../../lib/error-of.js';
import { isObject, propertyOf } from '../../lib/is-object.js';
import type { PdfPage, PdfTextItem } from './pdf-page.js';
import { drawingOfOperators, matrixOf } from './pdf-rules.js';
import { checkPdfInflatedSize } from './inflated-size.js';
import { DEFAULT_PARSE_BUDGET, ParseBudgetError, type ParseBudget } from './parse-budget.js';

/** A file pdfjs cannot read: not a PDF, truncated, damaged or encrypted. */
export class PdfReadError extends Error {
  override readonly name = 'PdfReadError';
}

// CMaps and the standard fonts ship inside pdfjs-dist; pointing at them keeps pdfjs off the network for
// PDFs that use a predefined CMap (90ms-RKSJ-H and the like) or a non-embedded base font.
const PDFJS_DIR = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const CMAP_DIR = path.join(PDFJS_DIR, 'cmaps') + path.sep;
const FONT_DIR = path.join(PDFJS_DIR, 'standard_fonts') + path.sep;

/** The module of the worker pdfjs runs on the calling thread (Node has no web workers), which it imports itself. */
const PDFJS_WORKER = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/**
 * The document pdfjs loads the fonts it reads into, one that keeps none: reading needs no font loaded. With font faces
 * disabled instead (pdfjs's default on Node), pdfjs outlines every glyph a page draws, for drawing it on a canvas, and
 * sends each outline to the page, about a sixth of the CPU of reading a PDF. With them enabled, it writes each font
 * into a rule of the document's style sheet, which this sheet drops. The text and operators read are the same either
 * way. Should a later pdfjs ask the document for more than this, loading the font fails and pdfjs falls back to the
 * outlines: slower, not wrong.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- of a document, pdfjs's font loader on Node uses these alone (pdf.mjs 4.10.38, FontLoader.insertRule)
const FONT_SINK = {
  createElement: () => ({ sheet: { cssRules: [], insertRule: () => undefined }, remove: () => undefined }),
  documentElement: { getElementsByTagName: () => [{ append: () => undefined }] },
} as unknown as Document;

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;

/**
 * The built-ins the legacy build's polyfills (core-js) replace on Node 20, though Node has them: Array.prototype.push
 * for an edge case of lengths over 2^32, JSON.parse for the source text a reviver may read, Function.prototype.toString
 * to make its own functions look native. Every push in the process (pdfjs's, the ingest's, the server's) then ran as
 * JavaScript, about a sixth of the CPU of reading a PDF; pdfjs needs none of those edge cases. What the polyfills add
 * (Promise.withResolvers and the like, which Node 20 lacks) stays.
 */
const NATIVE_BUILT_INS: readonly (readonly [object, string])[] = [
  [Array.prototype, 'push'],
  [JSON, 'parse'],
  [Function.prototype, 'toString'],
];

/**
 * pdfjs's legacy build and its worker's module, loaded at the first PDF, not with this module: the server and every
 * command import the parsers through the source registry, and the build (megabytes, and it replaces some built-ins) is
 * needed only to read a PDF. Both read an Error's stack as they load (their polyfills' feature tests), and where source
 * maps are on (`--enable-source-maps`, or tsx, which runs the tests and benchmarks) Node parses the builds' own source
 * maps, megabytes, to write that stack: a costly parse on every thread, for a stack nobody reads. They are loaded with source
 * maps off, then source maps are as they were; an error thrown elsewhere meanwhile has its stack unmapped.
 */
function loadPdfjs(): Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> {
  pdfjs ??= (async () => {
    const mapped = process.sourceMapsEnabled;
    process.setSourceMapsEnabled(false);
    const natives = NATIVE_BUILT_INS.map(
      ([owner, key]) => [owner, key, Object.getOwnPropertyDescriptor(owner, key)] as const,
    );
    try {
      const [lib] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import(PDFJS_WORKER)]);
      return lib;
    } finally {
      process.setSourceMapsEnabled(mapped);
      for (const [owner, key, native] of natives) if (native !== undefined) Object.defineProperty(owner, key, native);
    }
  })();
  return pdfjs;
}

/** pdfjs's operator numbers, those of the operator lists readPdfText reads: for the tests of what reads those lists. */
export async function pdfOperatorNumbers(): Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs').OPS> {
  return (await loadPdfjs()).OPS;
}

/**
 * Every page's text items in PDF user space (points, origin bottom left, y up), white-space-only items left
 * out: pdfjs makes those of the gaps between table cells, and they would straddle columns. Besides the text,
 * the horizontal and vertical lines the page draws (table borders) and the text it clips away, from its drawing
 * operators. A file past the budget's pages, operators or inflated size throws ParseBudgetError.
 */
export async function readPdfText(bytes: Uint8Array, budget: ParseBudget = DEFAULT_PARSE_BUDGET): Promise<PdfPage[]> {
  checkEnvelope(bytes);
  await checkPdfInflatedSize(bytes, budget);
  const { getDocument, OPS, VerbosityLevel } = await loadPdfjs();
  // pdfjs takes ownership of the buffer it is given; a copy leaves the caller's bytes intact.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: false,
    ownerDocument: FONT_SINK,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: VerbosityLevel.ERRORS,
    cMapUrl: CMAP_DIR,
    cMapPacked: true,
    standardFontDataUrl: FONT_DIR,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new PdfReadError(`the PDF cannot be opened (damaged, truncated or encrypted): ${messageOf(error)}`);
  }
  try {
    if (doc.numPages > budget.pages)
      throw new ParseBudgetError('pages', budget.pages, `it has ${doc.numPages.toLocaleString('en')} pages`);
    const pages: PdfPage[] = [];
    let operatorCount = 0;
    for (let number = 1; number <= doc.numPages; number++) {
      try {
        const page = await doc.getPage(number);
        const [, , width, height] = page.view;
        const content = await page.getTextContent();
        const items: PdfTextItem[] = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str.trim() === '') continue;
          const [a, b, , , x, y] = matrixOf(item.transform) ?? [0, 0, 0, 0, 0, 0];
          items.push({ text: item.str, x, y, width: item.width, size: Math.hypot(a, b) });
        }
        const operators = await page.getOperatorList();
        operatorCount += operatorsIn(operators.fnArray, operators.argsArray, OPS.constructPath) + content.items.length;
        if (operatorCount > budget.operators) {
          const what = `its pages 1 to ${number} hold more than ${budget.operators.toLocaleString('en')} operators`;
          throw new ParseBudgetError('operators', budget.operators, what);
        }
        const { rules, clipped } = drawingOfOperators(operators.fnArray, operators.argsArray, OPS);
        pages.push({ number, width: width ?? 0, height: height ?? 0, items, rules, clipped });
        page.cleanup();
      } catch (error) {
        if (error instanceof ParseBudgetError) throw error;
        throw new PdfReadError(`page ${number} of ${doc.numPages} cannot be read: ${messageOf(error)}`);
      }
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/**
 * The operators of a page: pdfjs joins a run of path operators (m, l, c, re …) into one constructPath, whose
 * first argument lists them; each counts, so that a path of millions of segments is millions of operators.
 */
function operatorsIn(fnArray: readonly number[], argsArray: readonly unknown[], constructPath: number): number {
  let count = 0;
  fnArray.forEach((fn, i) => {
    const segments = fn === constructPath ? propertyOf(argsArray[i], '0') : null;
    count += isObject(segments) && typeof segments.length === 'number' ? segments.length : 1;
  });
  return count;
}

/** Quick checks that name the problem better than pdfjs would: not a PDF at all, or cut short. */
function checkEnvelope(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new PdfReadError('the file is empty, not a PDF');
  // The header may follow a little junk (PDF 32000-1, 7.5.2 allows readers to look for it).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    const start = JSON.stringify(head.slice(0, 16));
    throw new PdfReadError(`not a PDF: the file does not start with %PDF- (it starts with ${start})`);
  }
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  if (!tail.includes('%%EOF')) {
    throw new PdfReadError(`the PDF is truncated: no %%EOF marker at its end (${bytes.length} bytes read)`);
  }
}
