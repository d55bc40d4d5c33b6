// What a file is, read from its first bytes rather than its name: a list saved under the wrong extension, or an HTML
// error page served for a PDF, is told for what it is before a reader fails on it.
import type { SourceFormat } from '../registry/source-entry.js';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // an xlsx is a zip of XML parts
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // a legacy .xls is an OLE compound file

/** How much of a file is looked at to tell text from binary, and markup from a table of text. */
const SNIFF_BYTES = 1024;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/**
 * The format the bytes are: a PDF, an Excel workbook (xlsx, xls), an HTML page (text that opens with markup), or a
 * CSV (any other text); null for other binary files.
 */
export function formatOfBytes(bytes: Uint8Array): SourceFormat | null {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) return 'xls';
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null;
  // a BOM, white space, then '<': markup (an HTML page, or a table saved as HTML)
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return head[i] === 0x3c ? 'html' : 'csv';
}

/** Whether a reader of `format` reads a file of `found`: the Excel reader reads either workbook format. */
export function formatFits(format: SourceFormat, found: SourceFormat): boolean {
  const excel = (f: SourceFormat) => f === 'xls' || f === 'xlsx';
  return format === found || (excel(format) && excel(found));
}

/** 'a CSV file', 'an HTML page', … : a format as an operator says it. */
export function formatName(format: SourceFormat): string {
  return FORMAT_NAMES[format];
}

const FORMAT_NAMES: Readonly<Record<SourceFormat, string>> = {
  pdf: 'a PDF',
  csv: 'a CSV (text) file',
  xls: 'an Excel workbook (xls)',
  xlsx: 'an Excel workbook (xlsx)',
  html: 'an HTML page',
};
