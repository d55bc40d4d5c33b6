// A code as the API shows it: an object with its labels, looked up in its vocabulary.
import type { Term, Vocabulary } from '../../domain/vocabulary.js';

export interface LabelObject {
  code: string;
  name: string;
  name_en: string;
}

/** The label object of a code; a code missing from the vocabulary shows as itself rather than failing. */
export function labelOf(vocabulary: Vocabulary<Term>, code: string): LabelObject {
  const term = vocabulary.get(code);
  return term ? { code: term.code, name: term.name, name_en: term.name_en } : { code, name: code, name_en: code };
}
