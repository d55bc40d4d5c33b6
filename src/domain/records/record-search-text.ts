// The free text a record is found by through `q`: names, the source's words and the labels of its codes, and its short grams.
import { TERMS_VERSION, termGrams } from '../companies/company-terms.js';
import { normaliseCompanyName, piecesAroundLegalForms } from '../companies/names.js';
import type { CompanyRef, Enforcement, LicenseAction, ProcurementSuspension } from './record.js';
import { authorities } from '../vocabularies/authorities.js';
import { enforcementActionTypes, licenseActionTypes, procurementReasons, sectors } from '../vocabularies/enums.js';
import { laws } from '../vocabularies/laws.js';
import type { Term, Vocabulary } from '../vocabulary.js';
import { foldCompact, foldWidth } from '../text/text-fold.js';
import { memoRecent } from '../../lib/memo.js';

/**
 * Bump when what recordSearchText or recordSearchGrams give changes, or what a record's stored document holds
 * (store/record-docs.ts), or the key of the company a record names (record-names.ts): text, grams, documents and keys
 * of another version are rebuilt. 2: documents. 3: documents carry the listing. 4: the company-name key
 * is the linker's (an office after the name left out). 5: the name printed without spaces and legal forms, and the
 * printed name's key.
 */
export const RECORD_TEXT_VERSION = 5;

/**
 * The version the stored text and grams are written at. TERMS_VERSION is part of it because the text holds the
 * normalised company name and the grams come from termGrams, both of which it versions.
 */
export function recordTextVersion(): string {
  return `${RECORD_TEXT_VERSION}.${TERMS_VERSION}`;
}

interface SearchableBase {
  readonly company: Pick<CompanyRef, 'name' | 'name_en'>;
}

/** What the text is made of: a ValidRecord, or the same fields read back from the store for a rebuild. */
export type SearchableRecord =
  | (SearchableBase &
      Pick<Enforcement, 'kind' | 'authority' | 'summary' | 'summary_en' | 'law_detail' | 'laws' | 'action_type'>)
  | (SearchableBase & Pick<ProcurementSuspension, 'kind' | 'authority' | 'reason_detail' | 'scope' | 'reason'>)
  | (SearchableBase & Pick<LicenseAction, 'kind' | 'authority' | 'reason_detail' | 'action_type' | 'sector_codes'>);

/**
 * One line per piece, NFKC-folded because the query side folds `q` the same way before its trigram
 * match (the trigram tokenizer already ignores case). Labels come with their aliases, so that 公取委
 * or 独禁法 finds what the source wrote out in full. The company's name is there as printed, as its key, and as
 * printed without its spaces and legal forms, so that a word typed without them (日洋フレッシュ釧路工場) finds
 * 「日洋フレッシュ（株） 釧路工場」: a word of `q` is cut at the forms it writes (freeText).
 */
export function recordSearchText(record: SearchableRecord): string {
  const pieces: (string | null)[] = [
    record.company.name,
    normaliseCompanyName(record.company.name),
    piecesAroundLegalForms(foldCompact(record.company.name)).join(''),
    record.company.name_en,
    ...labels(authorities, [record.authority]),
  ];
  switch (record.kind) {
    case 'enforcement':
      pieces.push(record.summary, record.summary_en, record.law_detail);
      pieces.push(...labels(laws, record.laws), ...labels(enforcementActionTypes, [record.action_type]));
      break;
    case 'procurement_suspension':
      pieces.push(record.reason_detail, record.scope, ...labels(procurementReasons, [record.reason]));
      break;
    case 'license_action':
      pieces.push(record.reason_detail, ...labels(licenseActionTypes, [record.action_type]));
      pieces.push(...labels(sectors, record.sector_codes));
      break;
  }
  const seen = new Set<string>();
  for (const piece of pieces) {
    const folded = foldWidth(piece ?? '').trim();
    if (folded) seen.add(folded);
  }
  return [...seen].join('\n');
}

/**
 * The document of the short-gram index: the one- and two-character grams (termGrams) of each line of the text,
 * space separated, so that q words too short for the trigram index (談合, 指示, 東レ, 株) still find the
 * record. Grams are taken line by line: a gram across two pieces (a name's end and a label's start) is no word.
 */
export function recordSearchGrams(text: string): string {
  // a gram two lines share is written twice, which the index stores once
  return text
    .split('\n')
    .map(lineGrams)
    .filter((grams) => grams !== '')
    .join(' ');
}

// Most of the text is labels and company names that recur from record to record (six in seven characters of
// the demo data), so the grams of the lines seen last are kept.
const lineGrams = memoRecent(termGrams, 4096);

function labels(vocabulary: Vocabulary<Term>, codes: readonly string[]): string[] {
  return codes.flatMap((code) => {
    const term = vocabulary.get(code);
    return term ? [term.name, term.name_en, ...(term.aliases ?? [])] : [];
  });
}
