// The query rotations of the production benchmark, read from the dataset file itself: Corporate Number look-ups,
// a text mix as people type names, and record filters. Deterministic for one dataset, so runs compare.
import Database from 'better-sqlite3';

export interface Rotations {
  readonly numbers: readonly string[];
  readonly textMix: readonly string[];
  /** The text mix's queries asked of /api/v1/search: companies and the records of every kind. */
  readonly searchMix: readonly string[];
  readonly recordFilters: readonly string[];
}

/** A path with its query string, each value percent-encoded. */
export const queryPath = (path: string, params: Record<string, string | number>) =>
  `${path}?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')}`;

/** A shuffle by a fixed seed: number look-ups in a rotation must not walk in order (that is enumeration). */
function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function pickRotations(dbPath: string, size = 60): Rotations {
  const db = new Database(dbPath, { readonly: true });
  try {
    const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];
    const numbers = shuffled(
      all<{ n: string }>('SELECT corporate_number AS n FROM companies ORDER BY id LIMIT ?', size * 4).map((r) => r.n),
    ).slice(0, size);
    const companies = all<{ name: string; kana: string | null; en: string | null }>(
      'SELECT name, name_kana AS kana, name_en AS en FROM companies ORDER BY id LIMIT ?',
      size,
    );
    const romaji = all<{ name: string }>(
      "SELECT name FROM company_aliases WHERE kind = 'romanized' ORDER BY company_id LIMIT ?",
      size,
    ).map((r) => r.name);
    const core = (name: string) => name.replace(/株式会社|有限会社|合同会社|\(株\)|（株）/gu, '');
    const kinds: string[][] = [
      companies.map((c) => c.name),
      companies.flatMap((c) => (c.kana === null ? [] : [c.kana])),
      romaji,
      companies.flatMap((c) => (c.en === null ? [] : [c.en])),
      companies.map((c) => [...core(c.name)].slice(0, 2).join('')),
      companies.map((c) => [...core(c.name)].slice(0, 1).join('')),
      companies.map((c) => [...core(c.name)].slice(1, 4).join('')),
    ];
    const textMix: string[] = [];
    for (let i = 0; textMix.length < size; i++) {
      for (const kind of kinds)
        if (kind.length > 0) textMix.push(queryPath('/api/v1/companies', { q: kind[i % kind.length]! }));
    }
    const authorities = all<{ a: string }>(
      'SELECT authority_code AS a FROM enforcements GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 8',
    ).map((r) => r.a);
    const licensed = all<{ n: string }>(
      'SELECT DISTINCT company_corporate_number AS n FROM license_actions WHERE company_corporate_number IS NOT NULL ORDER BY 1 LIMIT 8',
    ).map((r) => r.n);
    const recordFilters: string[] = [];
    // a dataset of companies alone (the bench generator's) has no record filters to ask
    for (let i = 0; i < (authorities.length > 0 && licensed.length > 0 ? 8 : 0); i++) {
      recordFilters.push(queryPath('/api/v1/enforcements', { authority: authorities[i % authorities.length]! }));
      recordFilters.push(
        queryPath('/api/v1/procurement-suspensions', {
          status: ['active', 'ended', 'scheduled'][i % 3]!,
          page: 1 + (i % 2),
        }),
      );
      recordFilters.push(
        queryPath('/api/v1/license-actions', { corporate_number: shuffled(licensed)[i % licensed.length]! }),
      );
    }
    return {
      numbers: numbers.map((n) => queryPath('/api/v1/companies', { q: n })),
      textMix: textMix.slice(0, size),
      searchMix: textMix.slice(0, size).map((path) => path.replace('/api/v1/companies', '/api/v1/search')),
      recordFilters,
    };
  } finally {
    db.close();
  }
}

/**
 * `length` paths drawn from `distinct` by a Zipf distribution (the k-th most asked with weight 1/k): a public API is
 * asked a few questions very often and most rarely. Seeded, so runs compare.
 */
export function zipfSequence(distinct: readonly string[], length: number, seed = 11): string[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 1; k <= distinct.length; k++) cumulative.push((total += 1 / k));
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const target = (state / 2 ** 31) * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    out.push(distinct[low]!);
  }
  return out;
}
