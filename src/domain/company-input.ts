// A company as the importers hand it to the store: one NTA row's worth of state, already decoded.

export type AliasKind = 'romanized' | 'former_name' | 'brand' | 'english_unverified';

export interface CompanyAlias {
  readonly name: string;
  readonly kind: AliasKind;
}

export interface CompanyInput {
  readonly corporate_number: string;
  readonly name: string;
  readonly name_kana: string | null;
  readonly name_en: string | null;
  /** The NTA kind code (301 株式会社, 399 その他の設立登記法人, …). */
  readonly kind_code: string | null;
  /** A legal_form vocabulary code. */
  readonly legal_form: string;
  readonly address: {
    readonly prefecture_code: string | null;
    readonly prefecture: string | null;
    readonly city: string | null;
    readonly city_code: string | null;
    readonly street: string | null;
    readonly postal_code: string | null;
    readonly outside: string | null;
    readonly en: string | null;
  };
  readonly status: 'active' | 'closed';
  readonly closed_on: string | null;
  /** The NTA close cause code: 01 清算の結了等, 11 合併による解散等, 21 登記官による閉鎖等, 31 その他. */
  readonly close_cause: string | null;
  readonly successor_corporate_number: string | null;
  /** The NTA update date (YYYY-MM-DD). */
  readonly updated_on: string | null;
  /** The NTA change date of the row; a row older than what is stored does not overwrite it. */
  readonly changed_on: string | null;
  readonly aliases: readonly CompanyAlias[];
}
