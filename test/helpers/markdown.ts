// Reading the project's markdown in the documentation tests: a section under its heading.
import assert from 'node:assert/strict';

/** The section of a markdown text from a heading line to the next heading of the same or a higher level. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  assert.notEqual(start, -1, `heading "${heading}" is missing`);
  const level = /^#+/u.exec(heading)![0].length;
  const end = lines.findIndex((line, i) => i > start && /^#+ /u.test(line) && /^#+/u.exec(line)![0].length <= level);
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

/** Fails unless the section under `heading` names each of `words`, saying which it does not. */
export function assertSectionNames(markdown: string, heading: string, words: readonly string[]): void {
  const text = section(markdown, heading);
  for (const word of words) assert.ok(text.includes(word), `the section ${heading} names ${word}`);
}
