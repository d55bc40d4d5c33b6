// Writes table PDFs the way the publishers' lists are laid out (spreadsheet exports), with pdfkit and the IPA Gothic font.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { missingMessage } from '../../scripts/test-prerequisites.js';

/** Debian's fonts-ipafont-gothic; npm test installs it where it is missing (scripts/test-prerequisites.ts). */
const IPA_GOTHIC = '/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf';

export interface PdfColumn {
  readonly header: string;
  /** Left border and width in points. */
  readonly x: number;
  readonly width: number;
}

export interface TablePdf {
  /** Lines printed on a first page of their own, with no table: a list's cover. */
  readonly cover?: readonly string[];
  /** Printed above the table on every page. */
  readonly title?: string;
  readonly columns: readonly PdfColumn[];
  /** One array of rows per page; a cell's lines are split at '\n' (a wrapped cell), centred in the row as exports do. */
  readonly pages: readonly (readonly (readonly string[])[])[];
  /** Printed under the table on every page. */
  readonly footer?: string;
  readonly fontSize?: number;
  /** How cell borders are drawn: stroked boxes (the default), thin filled boxes as Excel and Word draw them, or none. */
  readonly borders?: 'stroke' | 'thin-fill' | 'none';
  /** The header row on every page (the default) or on the first only. */
  readonly header?: 'every-page' | 'first-page';
  /** Other columns for some pages (by page index): the same table drawn with other widths. */
  readonly pageColumns?: Readonly<Record<number, readonly PdfColumn[]>>;
  /** Cells merged across columns: on page `page` (index), row `row` (index, the header not counted), `span` columns from `column`. */
  readonly merged?: readonly {
    readonly page: number;
    readonly row: number;
    readonly column: number;
    readonly span: number;
  }[];
}

const PAGE = { width: 842, height: 595 }; // A4 landscape, as most lists are printed
const PADDING = 4;

/** The PDF's bytes: the header repeated at the top of each page's table, borders drawn round every cell. */
export async function writeTablePdf(spec: TablePdf): Promise<Buffer> {
  // a test that needs the font fails without it, never skips
  assert.ok(existsSync(IPA_GOTHIC), missingMessage(IPA_GOTHIC));
  const size = spec.fontSize ?? 9;
  const line = size * 1.4;
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('ipag', IPA_GOTHIC);
  if (spec.cover) {
    doc.addPage();
    doc.font('ipag').fontSize(size + 3);
    spec.cover.forEach((text, i) => doc.text(text, 60, 80 + i * 40, { lineBreak: false }));
  }
  spec.pages.forEach((rows, p) => {
    const columns = spec.pageColumns?.[p] ?? spec.columns;
    const style = spec.borders ?? 'stroke';
    doc.addPage();
    doc.font('ipag').fontSize(size);
    let top = 40;
    if (spec.title) {
      doc.fontSize(size + 3).text(spec.title, spec.columns[0]?.x ?? 40, top, { lineBreak: false });
      doc.fontSize(size);
      top += 30;
    }
    if (p === 0 || spec.header !== 'first-page')
      top = drawRow(
        doc,
        columns,
        columns.map((c) => c.header),
        top,
        line,
        true,
        style,
      );
    rows.forEach((row, r) => {
      const merge = spec.merged?.find((m) => m.page === p && m.row === r);
      top = drawRow(
        doc,
        merge ? mergedColumns(columns, merge.column, merge.span) : columns,
        merge ? mergedCells(row, merge.column, merge.span) : row,
        top,
        line,
        false,
        style,
      );
    });
    if (spec.footer) doc.text(spec.footer, columns[0]?.x ?? 40, top + 10, { lineBreak: false });
  });
  doc.end();
  return done;
}

/** One table row; returns the y of its bottom border. pdfkit's y grows downwards from the top of the page. */
function drawRow(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  cells: readonly string[],
  top: number,
  line: number,
  centred: boolean,
  style: TablePdf['borders'],
): number {
  const lines = cells.map((cell) => (cell === '' ? [] : cell.split('\n')));
  const height = Math.max(1, ...lines.map((l) => l.length)) * line + 2 * PADDING;
  columns.forEach((column, c) => {
    drawBorders(doc, column.x, top, column.width, height, style);
    const cellLines = lines[c] ?? [];
    const first = top + (height - cellLines.length * line) / 2;
    cellLines.forEach((text, i) => {
      const x = centred ? column.x + (column.width - doc.widthOfString(text)) / 2 : column.x + PADDING;
      doc.text(text, x, first + i * line + (line - doc.currentLineHeight()) / 2, { lineBreak: false });
    });
  });
  return top + height;
}

/** A cell's box: stroked, as four thin filled boxes (0.75 pt, as Excel's PDF export draws them), or not at all. */
function drawBorders(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  height: number,
  style: TablePdf['borders'],
): void {
  if (style === 'none') return;
  if (style === 'stroke') {
    doc.rect(x, y, width, height).stroke();
    return;
  }
  const t = 0.75;
  for (const [bx, by, bw, bh] of [
    [x, y, width, t],
    [x, y + height - t, width, t],
    [x, y, t, height],
    [x + width - t, y, t, height],
  ] as const) {
    doc.rect(bx, by, bw, bh).fill('black');
  }
}

function mergedColumns(columns: readonly PdfColumn[], from: number, span: number): PdfColumn[] {
  const last = columns[from + span - 1]!;
  const first = columns[from]!;
  return [...columns.slice(0, from), { ...first, width: last.x + last.width - first.x }, ...columns.slice(from + span)];
}

function mergedCells(cells: readonly string[], from: number, span: number): string[] {
  return [...cells.slice(0, from + 1), ...cells.slice(from + span)];
}
