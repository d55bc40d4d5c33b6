// All demo records in the record JSON Lines format, each with its source and a key stable across rebuilds.

import type { RecordInput } from '../src/domain/records/record-input.js';
import type { DemoCompany } from './demo-companies.js';
import { demoEnforcements } from './demo-enforcements.js';
import { demoLicenseActions } from './demo-license-actions.js';
import type { DemoRecordContext } from './demo-record-common.js';
import { demoSuspensions } from './demo-suspensions.js';
import type { Random } from './random.js';

const DEMO_TARGETS = { enforcement: 450, procurement_suspension: 340, license_action: 340 } as const;

/**
 * The records of the demo dataset for companies and a build date. The same random state, companies and date
 * give the same records; each carries an explicit source_key, so its id is the same in every build.
 */
export function demoRecords(random: Random, companies: readonly DemoCompany[], asOf: string): RecordInput[] {
  const ctx: DemoRecordContext = { random, asOf, companies };
  const records: RecordInput[] = [
    ...demoEnforcements(ctx, DEMO_TARGETS.enforcement),
    ...demoSuspensions(ctx, DEMO_TARGETS.procurement_suspension),
    ...demoLicenseActions(ctx, DEMO_TARGETS.license_action),
  ];
  const perSource = new Map<string, number>();
  return records.map((record) => {
    const sourceId = record.source.id!;
    const n = (perSource.get(sourceId) ?? 0) + 1;
    perSource.set(sourceId, n);
    return { ...record, source_key: `demo-${String(n).padStart(4, '0')}` };
  });
}
