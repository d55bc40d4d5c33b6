// Writes table PDFs the way the publishers' lists are laid out (spreadsheet exports), with pdfkit and the IPA Gothic font.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { missingMessage } from '../../scripts/test-prerequisites.js';

/** Debian's fonts-ipafont-gothic; npm test installs it where it is missing (scripts/test-prerequisites.ts). */
export const IPA_GOTHIC = '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf';

export interface PdfColumn {
  readonly header: string;
  /** Left border and width in points. */
  readonly x: number;
  readonly width: number;
}

export interface TablePdf {
  /** Printed above the table on every page. */
  readonly title?: string;
  readonly columns: readonly PdfColumn[];
  /** One array of rows per page; a cell's lines are split at '\n' (a wrapped cell), centred in the row as exports do. */
  readonly pages: readonly (readonly (readonly string[])[])[];
  /** Printed under the table on every page. */
  readonly footer?: string;
  readonly fontSize?: number;
}

const PAGE = { width: 842, height: 595 }; // A4 landscape, as most lists are printed
const PADDING = 4;

/** The PDF's bytes: the header repeated at the top of each page's table, borders drawn round every cell. */
export async function writeTablePdf(spec: TablePdf): Promise<Buffer> {
  // a test that needs the font fails without it, never skips (issue 28)
  assert.ok(existsSync(IPA_GOTHIC), missingMessage(IPA_GOTHIC));
  const size = spec.fontSize ?? 9;
  const line = size * 1.4;
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('ipag', IPA_GOTHIC);
  for (const rows of spec.pages) {
    doc.addPage();
    doc.font('ipag').fontSize(size);
    let top = 40;
    if (spec.title) {
      doc.fontSize(size + 3).text(spec.title, spec.columns[0]?.x ?? 40, top, { lineBreak: false });
      doc.fontSize(size);
      top += 30;
    }
    top = drawRow(doc, spec.columns, spec.columns.map((c) => c.header), top, line, true);
    for (const row of rows) top = drawRow(doc, spec.columns, row, top, line, false);
    if (spec.footer) doc.text(spec.footer, spec.columns[0]?.x ?? 40, top + 10, { lineBreak: false });
  }
  doc.end();
  return done;
}

/** One table row; returns the y of its bottom border. pdfkit's y grows downwards from the top of the page. */
function drawRow(doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], cells: readonly string[], top: number, line: number, centred: boolean): number {
  const lines = cells.map((cell) => (cell === '' ? [] : cell.split('\n')));
  const height = Math.max(1, ...lines.map((l) => l.length)) * line + 2 * PADDING;
  columns.forEach((column, c) => {
    doc.rect(column.x, top, column.width, height).stroke();
    const cellLines = lines[c] ?? [];
    const first = top + (height - cellLines.length * line) / 2;
    cellLines.forEach((text, i) => {
      const x = centred ? column.x + (column.width - doc.widthOfString(text)) / 2 : column.x + PADDING;
      doc.text(text, x, first + i * line + (line - doc.currentLineHeight()) / 2, { lineBreak: false });
    });
  });
  return top + height;
}
