// A PDF list's header row found by the mapping's words, with labels printed over two lines joined into one.
import type { PdfPage, PdfTextItem } from './pdf-page.js';
import { foldHeader } from './table-header.js';

export interface PdfHeader {
  /** The page with each two-line label as one item on the header's baseline, so the geometry sees one label. */
  readonly page: PdfPage;
  /** Every label of the header row, left to right, mapped or not (番号, 備考 keep their own columns). */
  readonly labels: readonly string[];
}

/**
 * The header row: the baseline holding the most mapped header words (two at least, so a title that mentions
 * 「所在地」 is not taken for it). Narrow columns print a label over two lines (「指名停止」 over 「期間」),
 * centred on the row like every other cell, so the halves lie above and below the baseline; they are joined.
 */
export function findPdfHeader(page: PdfPage, spellings: ReadonlySet<string>): PdfHeader | null {
  const joined = joinSplitLabels(page.items, (text) => spellings.has(foldHeader(text)));
  const hits = joined.filter((item) => spellings.has(foldHeader(item.text)));
  let best: { y: number; size: number; count: number } | null = null;
  for (const hit of hits) {
    const count = hits.filter((other) => Math.abs(other.y - hit.y) <= hit.size / 2).length;
    if (best === null || count > best.count) best = { y: hit.y, size: hit.size, count };
  }
  if (best === null || best.count < 2) return null;
  const { y, size } = best;
  // Now the baseline is known, unmapped labels split over two lines around it are joined too.
  const items = joinSplitLabels(joined, () => true, { y, size });
  const labels = items
    .filter((item) => Math.abs(item.y - y) <= size / 2)
    .sort((a, b) => a.x - b.x)
    .map((item) => item.text.trim());
  return { page: { ...page, items }, labels };
}

/**
 * Items with each pair of lines that read as one label joined: the upper line just above the lower, their
 * centres in line. Without a baseline, only pairs whose text is a header word are joined; with one, any pair
 * centred on it.
 */
function joinSplitLabels(
  items: readonly PdfTextItem[],
  isLabel: (text: string) => boolean,
  around?: { y: number; size: number },
): PdfTextItem[] {
  const used = new Set<PdfTextItem>();
  const merged: PdfTextItem[] = [];
  for (const upper of items) {
    if (used.has(upper)) continue;
    const lower = items.find(
      (other) =>
        !used.has(other) &&
        other !== upper &&
        upper.y - other.y > upper.size * 0.6 &&
        upper.y - other.y < upper.size * 1.8 &&
        Math.abs(centre(upper) - centre(other)) < upper.size * 1.5 &&
        isLabel(upper.text.trim() + other.text.trim()),
    );
    if (lower === undefined) continue;
    const y = (upper.y + lower.y) / 2;
    if (around && (Math.abs(y - around.y) > around.size / 2 || Math.abs(upper.y - around.y) > around.size * 1.5))
      continue;
    used.add(upper).add(lower);
    const x = Math.min(upper.x, lower.x);
    const width = Math.max(upper.x + upper.width, lower.x + lower.width) - x;
    merged.push({
      text: upper.text.trim() + lower.text.trim(),
      x: centre(upper) - width / 2,
      y,
      width,
      size: upper.size,
    });
  }
  return [...items.filter((item) => !used.has(item)), ...merged];
}

function centre(item: PdfTextItem): number {
  return item.x + item.width / 2;
}
