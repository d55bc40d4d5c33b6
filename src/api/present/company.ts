// Maps a company from the store to the API's company resource.
import type { CompanyHit } from '../../store/read/company-queries.js';
import type { Company } from '../schemas/company.js';
import { closeCauses } from '../../domain/companies/close-causes.js';
import { legalForms } from '../../domain/vocabularies/legal-forms.js';
import { labelOf } from './labels.js';
import { memoPerObject } from '../../lib/memo.js';
import { companyLinks } from '../links.js';

// A hit kept by the answer cache is handed out again with every answer served from it: it is presented once, and its
// entry goes with it. Only for kept hits: a weak map entry for every hit of every answer cost more than it saved.
export const presentSharedCompany = memoPerObject(presentCompany);

/** The match as shown: the alias kind, the prefecture and the address only where they apply, in the schema's order. */
function matchOf(match: CompanyHit['match']): Company['match'] {
  const shown: Company['match'] = { field: match.field, kind: match.kind };
  if (match.alias_kind !== null) shown.alias_kind = match.alias_kind;
  if (match.prefecture !== undefined) shown.prefecture = match.prefecture;
  if (match.address !== undefined) shown.address = match.address;
  return shown;
}

export function presentCompany({ company: c, match }: CompanyHit): Company {
  return {
    corporate_number: c.corporate_number,
    name: c.name,
    name_kana: c.name_kana,
    name_en: c.name_en,
    aliases: c.aliases.map((alias) => ({ name: alias.name, kind: alias.kind })),
    legal_form: labelOf(legalForms, c.legal_form),
    address: { ...c.address },
    status: c.status,
    closed_on: c.closed_on,
    close_cause: c.close_cause === null ? null : labelOf(closeCauses, c.close_cause),
    successor_corporate_number: c.successor_corporate_number,
    record_counts: { ...c.record_counts },
    predecessors: c.predecessors.map((p) => ({
      corporate_number: p.corporate_number,
      name: p.name,
      record_counts: { ...p.record_counts },
    })),
    predecessors_total: c.predecessors_total,
    updated_on: c.updated_on,
    match: matchOf(match),
    links: companyLinks(c.corporate_number),
  };
}
