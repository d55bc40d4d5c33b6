// Why the NTA closed a company's registration record (閉鎖等の事由), from its 2-digit code.
import { defineVocabulary } from '../vocabulary.js';

export const closeCauses = defineVocabulary('close_cause', [
  { code: 'liquidation_completed', name: '清算の結了等', name_en: 'Liquidation completed', nta: '01' },
  { code: 'merger', name: '合併による解散等', name_en: 'Dissolved by merger', nta: '11' },
  { code: 'closed_by_registrar', name: '登記官による閉鎖', name_en: 'Closed by the registrar', nta: '21' },
  { code: 'other', name: 'その他の清算の結了等', name_en: 'Other closure', nta: '31' },
]);

/** The close-cause code for an NTA code, or null for an empty or unknown one. */
export function closeCauseFromNta(ntaCode: string): string | null {
  return closeCauses.terms.find((t) => t.nta === ntaCode)?.code ?? null;
}
