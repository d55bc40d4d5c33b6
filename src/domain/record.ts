// A validated record as the store writes it: codes checked, defaults filled, ids resolved.
import type { RecordKind } from './record-input.js';

export type CompanyLink = 'source' | 'name_address';

export interface CompanyRef {
  readonly corporate_number: string | null;
  readonly name: string;
  /** normaliseCompanyName(name): the key `company` filters match on. */
  readonly name_norm: string;
  readonly name_en: string | null;
  readonly link: CompanyLink | null;
  readonly prefecture_code: string | null;
  readonly address: string | null;
}

export interface SourceRef {
  /** The source registry id, or `web:` + a hash of the URL. */
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly published_on: string | null;
  /** RFC 3339, UTC. */
  readonly retrieved_at: string;
}

interface RecordBase {
  readonly id: string;
  readonly source_key: string;
  readonly company: CompanyRef;
  readonly authority: string;
  readonly source: SourceRef;
}

export interface Enforcement extends RecordBase {
  readonly kind: 'enforcement';
  readonly law: string;
  /** Every law cited; the first is `law`. */
  readonly laws: readonly string[];
  readonly law_detail: string | null;
  readonly action_type: string;
  readonly date: string;
  readonly summary: string;
  readonly summary_en: string | null;
  readonly amount_jpy: number | null;
}

export interface Period {
  readonly from: string;
  readonly to: string | null;
}

export interface ProcurementSuspension extends RecordBase {
  readonly kind: 'procurement_suspension';
  readonly reason: string;
  readonly reason_detail: string;
  readonly period: Period;
  /** Set when the source says the suspension was lifted: its date, else the publication date. */
  readonly lifted_on: string | null;
  readonly scope: string | null;
}

export interface Permit {
  readonly sector_code: string;
  readonly number: string | null;
}

export interface LicenseAction extends RecordBase {
  readonly kind: 'license_action';
  readonly sector_code: string;
  /** Every affected sector: `sector_code` first, then the others given, then the permits' sectors. */
  readonly sector_codes: readonly string[];
  readonly permits: readonly Permit[];
  readonly action_type: string;
  readonly nature: string;
  readonly date: string;
  readonly period: Period | null;
  readonly reason_detail: string | null;
}

export type ValidRecord = Enforcement | ProcurementSuspension | LicenseAction;

export const RECORD_ID_PREFIX: Readonly<Record<RecordKind, string>> = {
  enforcement: 'enf_',
  procurement_suspension: 'ps_',
  license_action: 'la_',
};
