// The company resource as the API shows it, derived from the domain's company (src/domain/companies/company.ts): codes become
// label objects, dates are documented as dates, and `match` says how the company was found.
import { Type, type Static } from '@sinclair/typebox';
import { Company as DomainCompany } from '../../domain/companies/company.js';
import { DateOnly, Label, Links, Nullable, inDomainOrder } from './common.js';

export const Company = inDomainOrder(
  Type.Composite([
    Type.Omit(DomainCompany, ['legal_form', 'closed_on', 'close_cause', 'updated_on']),
    Type.Object({
      legal_form: Label,
      closed_on: Nullable(DateOnly),
      close_cause: Nullable(Label),
      updated_on: Nullable(DateOnly),
      match: Type.Object({
        field: Type.Union(['corporate_number', 'name', 'name_kana', 'name_en', 'alias'].map((k) => Type.Literal(k))),
        kind: Type.Union([Type.Literal('exact'), Type.Literal('prefix'), Type.Literal('partial')]),
        alias_kind: Type.Optional(Type.String({ description: 'which kind of alias matched, when field is alias' })),
        prefecture: Type.Optional(
          Type.Literal(true, { description: 'when `prefecture` was given: the company is registered there' }),
        ),
        address: Type.Optional(
          Type.Boolean({ description: 'when `address` was given: whether the registered address holds it' }),
        ),
      }),
      links: Links,
    }),
  ]),
  DomainCompany,
);
export type Company = Static<typeof Company>;
