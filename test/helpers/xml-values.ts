// Values read back from an XML document by libxml2 (xmllint), not by the code that wrote it: a document that is not
// well-formed throws, and each XPath expression's string value comes back as the parser reads it.
import { execFileSync } from 'node:child_process';

/**
 * The string value of each expression (XPath 1.0). They are read in one run of xmllint, each written after its
 * length in characters (`string-length`), so that any text, separators included, comes back whole.
 */
export function xmlValues(xml: string, expressions: readonly string[]): string[] {
  if (expressions.length === 0) return [];
  const parts = expressions.flatMap((e) => [`string-length(${e})`, "':'", `string(${e})`]);
  const output = execFileSync('xmllint', ['--xpath', `concat(${parts.join(', ')})`, '-'], {
    input: xml,
    stdio: ['pipe', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  }).toString('utf8');
  const chars = Array.from(output);
  const values: string[] = [];
  let at = 0;
  for (let i = 0; i < expressions.length; i++) {
    const colon = chars.indexOf(':', at);
    const length = Number(chars.slice(at, colon).join(''));
    values.push(chars.slice(colon + 1, colon + 1 + length).join(''));
    at = colon + 1 + length;
  }
  return values;
}

/** An XPath step that names an Atom (or any namespaced) element by its local name. */
export const step = (name: string): string => `*[local-name()='${name}']`;
