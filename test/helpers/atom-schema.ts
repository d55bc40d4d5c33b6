// Atom documents checked against RFC 4287's RELAX NG schema (test/fixtures/atom/atom.rng) with xmllint, which
// npm test installs (libxml2-utils).
import { messageOf } from '../../src/lib/error-of.js';
import { xmlValues } from './xml-values.js';

const SCHEMA = new URL('../fixtures/atom/atom.rng', import.meta.url).pathname;

/** xmllint's verdict on a document against the Atom schema: null when valid, else its complaint. */
export async function atomSchemaErrors(xml: string): Promise<string | null> {
  try {
    await xmlValues(xml, [], { relaxng: SCHEMA });
    return null;
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}

/**
 * The string value of each expression in a document valid against the Atom schema, read in the run of xmllint that
 * validates it; rejects a document that is not valid with xmllint's complaint, after `context` (what the document
 * was made of, for the failure's message).
 */
export async function validAtomValues(xml: string, expressions: readonly string[], context = ''): Promise<string[]> {
  try {
    return await xmlValues(xml, expressions, { relaxng: SCHEMA });
  } catch (error) {
    throw new Error(`${context} not a valid Atom document: ${messageOf(error)}`, { cause: error });
  }
}
