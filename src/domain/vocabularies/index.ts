// Every vocabulary the API publishes, in the order GET /api/v1/vocabularies lists them.

import type { Term, Vocabulary } from '../vocabulary.js';
import { authorities } from './authorities.js';
import {
  companyStatuses,
  enforcementActionTypes,
  licenseActionTypes,
  licenseStatuses,
  listingStatuses,
  natures,
  procurementReasons,
  procurementStatuses,
  sectors,
} from './enums.js';
import { laws } from './laws.js';
import { legalForms } from './legal-forms.js';
import { prefectures } from './prefectures.js';
import { publisherGroups } from './publisher-groups.js';

// Keyed by a name unique across the API: two vocabularies share the field `action_type` and three `status`,
// so the key says which resource's field it is
// (`listing_status` is the `status` of every record's `listing`). Insertion order is the published order.
export const VOCABULARIES = {
  publisher_group: publisherGroups,
  authority: authorities,
  law: laws,
  enforcement_action_type: enforcementActionTypes,
  license_action_type: licenseActionTypes,
  nature: natures,
  sector: sectors,
  procurement_reason: procurementReasons,
  procurement_status: procurementStatuses,
  license_status: licenseStatuses,
  listing_status: listingStatuses,
  legal_form: legalForms,
  prefecture: prefectures,
  company_status: companyStatuses,
} as const satisfies Readonly<Record<string, Vocabulary<Term>>>;

export type VocabularyName = keyof typeof VOCABULARIES;

/** Whether a name is one of VOCABULARIES' keys. */
function isVocabularyName(name: string): name is VocabularyName {
  return Object.hasOwn(VOCABULARIES, name);
}

export const VOCABULARY_NAMES: readonly VocabularyName[] = Object.keys(VOCABULARIES).filter(isVocabularyName);
