// The three record kinds as the API shows them, derived from the domain's record schemas (src/domain/records/record.ts):
// codes become label objects, statuses are added, and what only the store needs (kind, keys, ids) is left out.
import { Type, type Static } from '@sinclair/typebox';
import {
  CompanyRef,
  Enforcement as EnforcementRecord,
  LicenseAction as LicenseActionRecord,
  ProcurementSuspension as ProcurementSuspensionRecord,
  SourceRef,
} from '../../domain/records/record.js';
import { Label, Links, inDomainOrder } from './common.js';

/**
 * The shared fields as shown: the company with where the source places it (so that two companies of one name can be
 * told apart), the authority labelled, the source without its id.
 */
const shownShared = {
  company: Type.Pick(CompanyRef, ['corporate_number', 'name', 'name_en', 'link', 'prefecture_code', 'address']),
  authority: Type.Object({ ...Label.properties, group: Type.String() }),
  source: Type.Omit(SourceRef, ['id']),
};
const hidden = ['kind', 'source_key', 'company', 'authority', 'source'] as const;

/**
 * How a record in an answer to a company or a text (`company=`, `corporate_number=`, `q`, /api/v1/search) relates to
 * it (domain/records/company-records.ts `relationOf`); absent from other answers. The last field of each kind.
 */
const relation = {
  relation: Type.Optional(
    Type.Union([Type.Literal('linked'), Type.Literal('predecessor'), Type.Literal('named'), Type.Literal('text')], {
      description:
        '`linked`: linked to a company the query found (company.link says how); `predecessor`: linked to a company ' +
        'merged into the company asked for (its successor chain leads there): the history of that company too; ' +
        "`named`: linked to no company, and names one the query found: it may be that company's record, or a " +
        "namesake's; `text`: found by its own text (its printed company name, or its words, hold the query), whatever " +
        'company it names. In an answer about the company of a Corporate Number, its own records (`linked`, ' +
        '`predecessor`) come before the `named` ones',
    }),
  ),
};

const SummaryEn = Type.String({
  description:
    "an English summary composed from the vocabularies' English labels, the record's dates and amount: never a translation of the Japanese text",
});

export const Enforcement = inDomainOrder(
  Type.Composite([
    Type.Omit(EnforcementRecord, [...hidden, 'law', 'laws', 'action_type', 'summary_en']),
    Type.Object({
      ...shownShared,
      summary_en: Type.String({
        description:
          "the source's English summary where it gives one, else one composed from the vocabularies' English labels, the record's dates and amount: never a translation of the Japanese text",
      }),
      law: Label,
      laws: Type.Array(Label, { description: 'every law the record cites, `law` first' }),
      action_type: Label,
      links: Links,
      ...relation,
    }),
  ]),
  EnforcementRecord,
);
export type Enforcement = Static<typeof Enforcement>;

export const ProcurementSuspension = inDomainOrder(
  Type.Composite([
    Type.Omit(ProcurementSuspensionRecord, [...hidden, 'reason', 'lifted_on']),
    Type.Object({
      ...shownShared,
      reason: Label,
      status: Type.Union(
        ['scheduled', 'active', 'ended', 'lifted'].map((s) => Type.Literal(s)),
        {
          description: 'computed against today in Japan, unless the source says the suspension was lifted',
        },
      ),
      summary_en: SummaryEn,
      links: Links,
      ...relation,
    }),
  ]),
  ProcurementSuspensionRecord,
);
export type ProcurementSuspension = Static<typeof ProcurementSuspension>;

export const LicenseAction = inDomainOrder(
  Type.Composite([
    Type.Omit(LicenseActionRecord, [...hidden, 'action_type', 'nature']),
    Type.Object({
      ...shownShared,
      sectors: Type.Array(Label, { description: 'sector_codes with their labels' }),
      action_type: Label,
      nature: Label,
      status: Type.Union(
        ['scheduled', 'in_effect', 'completed'].map((s) => Type.Literal(s)),
        { description: 'computed against today in Japan' },
      ),
      summary_en: SummaryEn,
      links: Links,
      ...relation,
    }),
  ]),
  LicenseActionRecord,
);
export type LicenseAction = Static<typeof LicenseAction>;
