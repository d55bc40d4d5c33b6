// A plain-text table for the terminal: columns padded to their widest cell, numbers right-aligned.

export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  rightAligned: readonly number[] = [],
): string[] {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => pad(cell, widths[i] ?? 0, rightAligned.includes(i) ? 'left' : 'right'))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** Display width: East Asian wide characters take two columns. */
function width(text: string): number {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch)
      ? 2
      : 1;
  return w;
}

function pad(text: string, to: number, side: 'left' | 'right'): string {
  const fill = ' '.repeat(Math.max(0, to - width(text)));
  return side === 'left' ? fill + text : text + fill;
}
