// What an Atom feed follows, in the words its title gives it: the company of a Corporate Number by its name and
// number, a name or text as it was typed, each other filter by its value's labels. A feed reader lists a feed by its
// title alone, so that a company's feed is told by its name, not by its query string.
import type { Store } from '../store/read/store.js';
import { planCompanySearch } from '../domain/companies/company-search-plan.js';
import type { CheckedRecordQuery } from './query-rules.js';
import type { RecordFilter } from './record-filters.js';

/** A feed's title: what it follows, then what it lists (a kind of record, or every kind), then the service. */
export function feedTitle(follows: readonly string[], lists: string): string {
  return follows.length === 0 ? `${lists} (Kohyo)` : `${follows.join(', ')}: ${lists} (Kohyo)`;
}

/** The company of a Corporate Number as a title names it: its registered name and the number, or the number alone. */
function companyOfNumber(store: Store, corporateNumber: string): string {
  const company = store.companies.findByCorporateNumber(corporateNumber);
  return company === null ? `Corporate Number ${corporateNumber}` : `${company.name} (${corporateNumber})`;
}

/** A company as typed (`company=`, `/search`'s `q`): the company of a Corporate Number, else the words in 「」. */
export function companyAsTyped(store: Store, typed: string): string {
  const plan = planCompanySearch(typed);
  return plan.kind === 'corporate_number' ? companyOfNumber(store, plan.number) : quoted(typed);
}

/** What a record query's filters follow, in the table's order: each filter's words, none for what only shapes them. */
export function recordQueryFollows(checked: CheckedRecordQuery, store: Store): string[] {
  const { filters, table } = checked;
  const words: string[] = [];
  for (const filter of table) {
    const value = filters[filter.name];
    if (value !== undefined) words.push(...filterWords(filter, value, store));
  }
  return words;
}

function filterWords(filter: RecordFilter, value: string, store: Store): string[] {
  switch (filter.reads) {
    case 'corporate_number':
      return [companyOfNumber(store, value)];
    case 'company':
      return [companyAsTyped(store, value)];
    case 'text':
      return [quoted(value)];
    case 'vocabulary': {
      const term = filter.vocabulary.get(value);
      return [term === undefined ? value : `${term.name_en} (${term.name})`];
    }
    case 'date':
      return [`${filter.name} ${value}`];
    case 'flag':
      return value === 'true' ? ['and the companies merged into it'] : [];
  }
}

/** Words as a person typed them, set apart as Japanese sets a quotation apart. */
function quoted(text: string): string {
  return `「${text.trim()}」`;
}
