// Demo licence actions: revocations, suspensions and instructions, past, in effect and to come around the build date.

import type { LicenseActionInput } from '../src/domain/records/record-input.js';
import type { Sector } from '../src/domain/vocabularies/enums.js';
import { addDays } from './demo-calendar.js';
import { companyRef, inTrades, pickCompany, sourceRef, type DemoRecordContext } from './demo-record-common.js';
import { SECTORS } from './demo-license-sectors.js';
import type { ActionSpec, SectorSpec } from './demo-license-spec.js';
import { demoSource, publishedCutoff } from './demo-sources.js';

type Timing = 'past' | 'present' | 'future';

export function demoLicenseActions(ctx: DemoRecordContext, target: number): LicenseActionInput[] {
  const records: LicenseActionInput[] = [];
  // every action of every sector once, suspensions in turn past, in effect and to come, so that the rare
  // sectors, natures and statuses are there whatever the draw
  const cycle: readonly Timing[] = ['past', 'present', 'future'];
  for (const spec of SECTORS) {
    for (const action of spec.actions) {
      records.push(licenseAction(ctx, spec, action, action.days === null ? 'past' : cycle[records.length % 3]!));
    }
  }
  while (records.length < target) {
    const spec = ctx.random.weighted(SECTORS.map((s) => [s, s.weight] as const));
    const action = ctx.random.weighted(spec.actions.map((x) => [x, x.weight] as const));
    const timing = ctx.random.weighted<Timing>(
      action.days === null
        ? [
            ['past', 92],
            ['present', 2],
            ['future', 6],
          ]
        : [
            ['past', 60],
            ['present', 26],
            ['future', 14],
          ],
    );
    records.push(licenseAction(ctx, spec, action, timing));
  }
  return records;
}

function licenseAction(
  ctx: DemoRecordContext,
  spec: SectorSpec,
  action: ActionSpec,
  timing: Timing,
): LicenseActionInput {
  const { random, asOf } = ctx;
  const source = demoSource(spec.source);
  const cutoff = publishedCutoff(source, asOf);

  let date: string;
  let period: { from: string; to: string } | null = null;
  let days = 0;
  if (action.days === null) {
    // a one-off action takes effect on its date, which a notice may announce ahead
    date =
      timing === 'past'
        ? addDays(cutoff, -random.int(0, 2_000))
        : timing === 'present'
          ? asOf
          : addDays(asOf, random.int(1, 20));
  } else {
    days = random.int(action.days[0], action.days[1]);
    const from =
      timing === 'past'
        ? addDays(asOf, -random.int(days + 2, 2_000))
        : timing === 'present'
          ? addDays(asOf, -random.int(0, Math.max(0, days - 3)))
          : addDays(asOf, random.int(2, 25));
    period = { from, to: addDays(from, days - 1) };
    date = minDate(addDays(from, -random.int(0, 14)), cutoff);
  }
  const published = minDate(date, cutoff);

  const company = pickCompany(ctx, minDate(date, asOf), inTrades(...spec.trades), (c) =>
    c.sectors.includes(spec.sector),
  );
  const authority = spec.authority(company, random);
  const main = spec.permit(company, authority, random);
  const sectors: Sector[] = [spec.sector];
  const permits: { sector_code: string; number: string | null }[] =
    main === null ? [] : [{ sector_code: spec.sector, number: main }];
  const related = spec.related.filter((s) => company.sectors.includes(s) || random.chance(0.3));
  if (related.length > 0 && random.chance(0.3)) {
    const other = random.pick(related);
    sectors.push(other);
    const relatedSpec = SECTORS.find((s) => s.sector === other)!;
    const number = relatedSpec.permit(company, relatedSpec.authority(company, random), random);
    // some sources name the other sector without its permit, so sector_codes can be wider than the permits
    if (number !== null && random.chance(0.7)) permits.push({ sector_code: other, number });
  }
  const detail = random.pick(action.details).replace('{days}', String(days));
  return {
    kind: 'license_action',
    company: companyRef(ctx, company),
    authority,
    source: sourceRef(source, asOf, published),
    sector_code: spec.sector,
    sector_codes: sectors,
    permits,
    action_type: action.type,
    nature: action.nature,
    date,
    period,
    reason_detail: detail,
  };
}

function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
