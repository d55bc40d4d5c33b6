// The free text a record is found by through `q`: names, the source's words and the labels of its codes.
import { normaliseCompanyName } from './names.js';
import type { ValidRecord } from './record.js';
import { authorities } from './vocabularies/authorities.js';
import { enforcementActionTypes, licenseActionTypes, procurementReasons, sectors } from './vocabularies/enums.js';
import { laws } from './vocabularies/laws.js';
import type { Term, Vocabulary } from './vocabulary.js';

/**
 * One line per piece, NFKC-folded because the query side folds `q` the same way before its trigram
 * match (the trigram tokenizer already ignores case). Labels come with their aliases, so that 公取委
 * or 独禁法 finds what the source wrote out in full.
 */
export function recordSearchText(record: ValidRecord): string {
  const pieces: (string | null)[] = [
    record.company.name,
    normaliseCompanyName(record.company.name),
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
    const folded = piece?.normalize('NFKC').trim();
    if (folded) seen.add(folded);
  }
  return [...seen].join('\n');
}

function labels(vocabulary: Vocabulary<Term>, codes: readonly string[]): string[] {
  return codes.flatMap((code) => {
    const term = vocabulary.get(code);
    return term ? [term.name, term.name_en, ...(term.aliases ?? [])] : [];
  });
}
