// What a demo enforcement case is: a company, the authority acting and the day, with the actions it took that day.

import type { EnforcementInput } from '../src/domain/records/record-input.js';
import type { DemoCompany } from './demo-companies.js';
import type { DemoRecordContext } from './demo-record-common.js';

/** The fields of one record that the case decides. */
export type Fields = Pick<EnforcementInput, 'law' | 'action_type' | 'summary'> &
  Partial<Pick<EnforcementInput, 'laws' | 'law_detail' | 'summary_en' | 'amount_jpy'>>;

interface Case {
  readonly source: string;
  readonly authority: string;
  readonly company: DemoCompany;
  readonly date: string;
  /** One record per action taken that day (an order and its surcharge are two records). */
  readonly actions: readonly Fields[];
  readonly english?: boolean;
}

/** A case drawn from the demo's companies, on a date no later than its source's last collection. */
export type CaseMaker = (ctx: DemoRecordContext, date: (source: string) => string) => Case;
