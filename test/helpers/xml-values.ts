// Values read back from an XML document by libxml2 (xmllint), not by the code that wrote it: a document that is not
// well-formed throws, and each XPath expression's string value comes back as the parser reads it.
import { runProgram } from './small-spawner.js';

/**
 * xmllint's output for `args`, `input` on its standard input; rejects as execFile does when it fails, its complaint in
 * the error's message. Run without blocking: a test's server runs in the same process, and an event loop held for
 * longer than the server's keep-alive timeout (a loaded machine starting xmllint) had the server drop the idle
 * connection just as the client's next request went out on it ("fetch failed"). Started by a small process of its
 * own (small-spawner.ts): a property test runs it for a hundred documents.
 */
async function xmllint(args: readonly string[], input = ''): Promise<string> {
  const run = await runProgram('xmllint', args, input);
  if (run.code === 0) return run.stdout;
  const cmd = ['xmllint', ...args].join(' ');
  throw Object.assign(new Error(run.error ?? `Command failed: ${cmd}\n${run.stderr}`), {
    code: run.code,
    signal: run.signal,
    cmd,
  });
}

/**
 * The string value of each expression (XPath 1.0). They are read in one run of xmllint, each written after its
 * length in characters (`string-length`), so that any text, separators included, comes back whole. With `relaxng`
 * (a RELAX NG schema's path) the same run validates the document first, and rejects with xmllint's complaint when it
 * does not validate: one process for both, where a property test runs a hundred documents.
 */
export async function xmlValues(
  xml: string,
  expressions: readonly string[],
  options: { readonly relaxng?: string } = {},
): Promise<string[]> {
  const schema = options.relaxng === undefined ? [] : ['--relaxng', options.relaxng];
  if (expressions.length === 0) {
    if (schema.length > 0) await xmllint([...schema, '--noout', '-'], xml);
    return [];
  }
  const parts = expressions.flatMap((e) => [`string-length(${e})`, "':'", `string(${e})`]);
  const output = await xmllint([...schema, '--xpath', `concat(${parts.join(', ')})`, '-'], xml);
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
