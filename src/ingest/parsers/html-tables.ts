// The tables of an HTML page as grids of cell text (colspan and rowspan spread out), with their captions and headings.
import { defaultTreeAdapter, parse, type DefaultTreeAdapterTypes as T } from 'parse5';

export interface HtmlTable {
  /** 1-based position among the page's tables, in document order. */
  readonly index: number;
  readonly caption: string;
  /** Text of the last heading (h1–h6) before the table. */
  readonly heading: string;
  readonly rows: string[][];
}

const HEADING = /^h[1-6]$/u;
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);
// A hostile or broken page must not make us build a huge grid from one rowspan or colspan.
const MAX_SPAN = 1000;

/** Every table of the page in document order; nested tables are tables of their own. */
export function htmlTables(html: string): HtmlTable[] {
  const document = parse(html);
  const tables: HtmlTable[] = [];
  let heading = '';
  const walk = (node: T.ParentNode): void => {
    for (const child of node.childNodes) {
      if (!isElement(child) || SKIPPED.has(child.tagName)) continue;
      if (HEADING.test(child.tagName)) heading = textOf(child).trim();
      if (child.tagName === 'table') {
        const caption = child.childNodes.find((c): c is T.Element => isElement(c) && c.tagName === 'caption');
        tables.push({
          index: tables.length + 1,
          caption: caption ? textOf(caption).trim() : '',
          heading,
          rows: gridOf(child),
        });
      }
      walk(child);
    }
  };
  walk(document);
  return tables;
}

function isElement(node: T.Node): node is T.Element {
  return 'tagName' in node;
}

/** The rows of a table (those of thead, tbody and tfoot, not of tables nested in cells). */
function rowsOf(table: T.Element): T.Element[] {
  const rows: T.Element[] = [];
  for (const child of table.childNodes) {
    if (!isElement(child)) continue;
    if (child.tagName === 'tr') rows.push(child);
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      for (const row of child.childNodes) if (isElement(row) && row.tagName === 'tr') rows.push(row);
    }
  }
  return rows;
}

function gridOf(table: T.Element): string[][] {
  const grid: string[][] = [];
  // Cells carried down by rowspan: column → [text, rows left].
  const carried = new Map<number, [string, number]>();
  for (const tr of rowsOf(table)) {
    const row: string[] = [];
    let column = 0;
    const fillCarried = () => {
      for (let entry = carried.get(column); entry; entry = carried.get(column)) {
        row[column] = entry[0];
        if (--entry[1] === 0) carried.delete(column);
        column++;
      }
    };
    for (const cell of tr.childNodes) {
      if (!isElement(cell) || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue;
      fillCarried();
      const text = textOf(cell);
      const colspan = span(cell, 'colspan');
      const rowspan = span(cell, 'rowspan');
      for (let k = 0; k < colspan; k++) {
        row[column] = text;
        if (rowspan > 1) carried.set(column, [text, rowspan - 1]);
        column++;
      }
    }
    fillCarried();
    grid.push(Array.from(row, (c) => c ?? ''));
  }
  return grid;
}

function span(cell: T.Element, name: string): number {
  const value = Number.parseInt(cell.attrs.find((a) => a.name === name)?.value ?? '1', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, MAX_SPAN) : 1;
}

/** The text of an element as a reader sees it: <br> and block ends become line breaks, scripts are left out. */
function textOf(node: T.ParentNode): string {
  let text = '';
  for (const child of node.childNodes) {
    if (defaultTreeAdapter.isTextNode(child)) text += child.value.replace(/[\r\n\t ]+/gu, ' ');
    else if (isElement(child) && !SKIPPED.has(child.tagName)) {
      if (child.tagName === 'br') text += '\n';
      else if (child.tagName === 'table') continue;
      else {
        text += textOf(child);
        if (child.tagName === 'p' || child.tagName === 'div' || child.tagName === 'li') text += '\n';
      }
    }
  }
  return text;
}
