// A PDF page as the table readers see it: positioned text, and the lines and clipping boxes it draws (pdf-text.ts
// reads them with pdfjs); both readers, by drawn borders (pdf-lattice.ts) and by text alignment (pdf-table.ts), take it.
import type { ClippedText, PdfRule } from './pdf-rules.js';

export interface PdfTextItem {
  readonly text: string;
  /** Left end of the baseline, in points from the page's bottom left corner (y grows upwards). */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  /** Font size in points. */
  readonly size: number;
}

export interface PdfPage {
  readonly number: number;
  readonly width: number;
  readonly height: number;
  readonly items: readonly PdfTextItem[];
  /** The horizontal and vertical lines the page draws: table borders. */
  readonly rules?: readonly PdfRule[];
  /** Where text is drawn outside its clipping box, and the box. */
  readonly clipped?: readonly ClippedText[];
}

/**
 * The item without the white space at its ends, which reaches into the cell padding or beyond the border.
 * The width of what is cut is estimated per character.
 */
export function inkOf(item: PdfTextItem): PdfTextItem {
  const text = item.text.trim();
  if (text.length === item.text.length) return item;
  const perChar = item.text.length > 0 ? item.width / item.text.length : 0;
  const lead = item.text.length - item.text.trimStart().length;
  return { ...item, text, x: item.x + lead * perChar, width: text.length * perChar };
}
