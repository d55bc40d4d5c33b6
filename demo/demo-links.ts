// The demo's records linked as a collection links them: the linking rule of the pipeline over the demo's own register,
// so that a record the rule would link is linked, and one it leaves unlinked is unlinked for the reason it gives.
import type { LinkCandidate, Namesakes } from '../src/domain/companies/link-company.js';
import { normaliseCompanyName } from '../src/domain/companies/names.js';
import type { RecordInput } from '../src/domain/records/record-input.js';
import { linkRecord } from '../src/ingest/collect/prepare-records.js';
import type { DemoCompany } from './demo-companies.js';

/** The records, each naming no Corporate Number linked to the one demo company that fits, where one does. */
export function linkedAsCollected(records: readonly RecordInput[], companies: readonly DemoCompany[]): RecordInput[] {
  // what the store's look-up gives (company-link-queries.ts): the companies of a name key in one prefecture, and
  // how many are registered elsewhere
  const byName = new Map<string, (LinkCandidate & { readonly prefecture_code: string | null })[]>();
  for (const { input } of companies) {
    const key = normaliseCompanyName(input.name);
    const candidates = byName.get(key) ?? [];
    candidates.push({
      corporate_number: input.corporate_number,
      city: input.address.city,
      legal_form: input.legal_form,
      prefecture_code: input.address.prefecture_code,
    });
    byName.set(key, candidates);
  }
  const namesakes = (nameKey: string, prefectureCode: string): Namesakes => {
    const named = byName.get(nameKey) ?? [];
    const inPrefecture = named.filter((c) => c.prefecture_code === prefectureCode);
    return { inPrefecture, elsewhere: named.length - inPrefecture.length };
  };
  return records.map((record) => linkRecord(record, namesakes).input);
}
