// Picks the benchmark's query rotations from a running server over the demo dataset, through the public API only.
import { enforcementActionTypes } from '../src/domain/vocabularies/enums.js';

export interface QueryRotations {
  /** GET /api/v1/companies?q=… paths, the query kinds interleaved so each gets an equal share of the load. */
  readonly companies: readonly string[];
  /** GET /api/v1/enforcements?company=… paths, one per demo company that has enforcement records. */
  readonly enforcements: readonly string[];
  /** What each path asks, for the report. */
  readonly described: readonly string[];
}

interface CompanyBody {
  readonly corporate_number: string;
  readonly name: string;
  readonly name_kana: string | null;
  readonly name_en: string | null;
  readonly legal_form: { readonly name: string };
  readonly record_counts: { readonly enforcements: number };
}

/** Companies per query kind: enough that no single row or cached page dominates, few enough to check each. */
const PER_KIND = 4;
const ENFORCEMENT_COMPANIES = 12;

export async function pickQueryRotations(baseUrl: string): Promise<QueryRotations> {
  const numbers = new Set<string>();
  for (const type of enforcementActionTypes.terms) {
    const body = await getJson(baseUrl, `/api/v1/enforcements?action_type=${type.code}`);
    for (const record of (body.data.enforcements ?? []) as { company: { corporate_number: string | null } }[]) {
      if (record.company.corporate_number !== null) numbers.add(record.company.corporate_number);
    }
  }
  const companies: CompanyBody[] = [];
  for (const number of [...numbers].sort()) {
    const body = await getJson(baseUrl, companiesPath(number));
    const company = (body.data.companies as CompanyBody[])[0];
    if (company !== undefined && company.record_counts.enforcements > 0) companies.push(company);
  }
  const english = companies.filter((c) => c.name_en !== null);
  const kana = companies.filter((c) => c.name_kana !== null);
  if (
    companies.length < Math.max(ENFORCEMENT_COMPANIES, 4 * PER_KIND) ||
    english.length < PER_KIND ||
    kana.length < 2 * PER_KIND
  ) {
    throw new Error(
      `the demo data has too few linked companies with records (${companies.length}, ${english.length} with an English name)`,
    );
  }

  const kinds: [string, string[]][] = [
    ['kanji name', companies.slice(0, PER_KIND).map((c) => c.name)],
    ['kana', kana.slice(PER_KIND, 2 * PER_KIND).map((c) => c.name_kana!)],
    ['English name', english.slice(0, PER_KIND).map((c) => c.name_en!)],
    ['Corporate Number', companies.slice(2 * PER_KIND, 3 * PER_KIND).map((c) => c.corporate_number)],
    ['2-character prefix', companies.slice(3 * PER_KIND, 4 * PER_KIND).map(twoCharacterPrefix)],
  ];
  const companyPaths: string[] = [];
  const described: string[] = [];
  for (let i = 0; i < PER_KIND; i++) {
    for (const [kind, terms] of kinds) {
      const term = terms[i % terms.length]!;
      companyPaths.push(companiesPath(term));
      described.push(`companies q (${kind}): ${term}`);
    }
  }
  const enforcementPaths = companies.slice(0, ENFORCEMENT_COMPANIES).map((c) => {
    described.push(`enforcements company: ${c.name}`);
    return `/api/v1/enforcements?company=${encodeURIComponent(c.name)}`;
  });

  // A rotation that answered empty or refused would measure the wrong thing: check each path finds something.
  for (const path of companyPaths) await expectRows(baseUrl, path, 'companies');
  for (const path of enforcementPaths) await expectRows(baseUrl, path, 'enforcements');
  return { companies: companyPaths, enforcements: enforcementPaths, described };
}

function companiesPath(q: string): string {
  return `/api/v1/companies?q=${encodeURIComponent(q)}`;
}

/** The first two characters of the name once a leading legal form (株式会社北辰建設) is set aside: what a person types first. */
function twoCharacterPrefix(company: CompanyBody): string {
  const form = company.legal_form.name;
  const core = company.name.startsWith(form) ? company.name.slice(form.length) : company.name;
  return [...core].slice(0, 2).join('');
}

async function expectRows(baseUrl: string, path: string, list: string): Promise<void> {
  const body = await getJson(baseUrl, path);
  const rows = body.data[list] as unknown[] | undefined;
  if (rows === undefined || rows.length === 0)
    throw new Error(`${decodeURIComponent(path)} found nothing on the demo data`);
}

async function getJson(baseUrl: string, path: string): Promise<{ data: Record<string, unknown> }> {
  const response = await fetch(baseUrl + path);
  if (response.status !== 200)
    throw new Error(`${decodeURIComponent(path)} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: Record<string, unknown> };
}
