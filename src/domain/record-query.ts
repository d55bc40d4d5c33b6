// What a record endpoint was asked for, once validated and resolved to codes: the input of the store's queries.

/** The records of the companies a `company` filter found, and unlinked records whose source name matches. */
export interface CompanyFilter {
  readonly corporateNumbers: readonly string[];
  readonly nameKeys: readonly string[];
}

export interface RecordQuery {
  readonly company?: CompanyFilter;
  /** Free text, NFKC-normalised. */
  readonly q?: string;
  readonly corporateNumber?: string;
  readonly authority?: string;
  readonly law?: string;
  readonly actionType?: string;
  readonly reason?: string;
  readonly status?: string;
  readonly sector?: string;
  readonly nature?: string;
  readonly from?: string;
  readonly to?: string;
  /** Today in Japan time (YYYY-MM-DD), against which statuses are computed. */
  readonly today: string;
}

export interface Page {
  readonly limit: number;
  readonly page: number;
}
