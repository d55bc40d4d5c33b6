// The company resource as the API shows it.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, Label, Nullable } from './common.js';

export const Company = Type.Object({
  corporate_number: Type.String({ pattern: '^\\d{13}$' }),
  name: Type.String(),
  name_kana: Nullable(Type.String()),
  name_en: Nullable(Type.String({ description: 'the English name registered with the National Tax Agency' })),
  aliases: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.Union(['romanized', 'former_name', 'brand', 'english_unverified'].map((k) => Type.Literal(k))),
    }),
  ),
  legal_form: Label,
  address: Type.Object({
    prefecture_code: Nullable(Type.String()),
    prefecture: Nullable(Type.String()),
    city: Nullable(Type.String()),
    street: Nullable(Type.String()),
    postal_code: Nullable(Type.String()),
    outside: Nullable(Type.String({ description: 'an address outside Japan' })),
    en: Nullable(Type.String()),
  }),
  status: Type.Union([Type.Literal('active'), Type.Literal('closed')]),
  closed_on: Nullable(DateOnly),
  close_cause: Nullable(Label),
  successor_corporate_number: Nullable(Type.String()),
  record_counts: Type.Object({
    enforcements: Type.Integer(),
    procurement_suspensions: Type.Integer(),
    license_actions: Type.Integer(),
  }),
  predecessors: Type.Array(
    Type.Object({
      corporate_number: Type.String({ pattern: '^\\d{13}$' }),
      name: Type.String(),
      record_counts: Type.Object({
        enforcements: Type.Integer(),
        procurement_suspensions: Type.Integer(),
        license_actions: Type.Integer(),
      }),
    }),
    { description: 'the companies merged into this one (their successor chain leads here), with their record counts; `include_predecessors=true` on the record endpoints adds their records' },
  ),
  updated_on: Nullable(DateOnly),
  match: Type.Object({
    field: Type.Union(['corporate_number', 'name', 'name_kana', 'name_en', 'alias'].map((k) => Type.Literal(k))),
    kind: Type.Union([Type.Literal('exact'), Type.Literal('prefix'), Type.Literal('partial')]),
    alias_kind: Type.Optional(Type.String({ description: 'which kind of alias matched, when field is alias' })),
    prefecture: Type.Optional(Type.Literal(true, { description: 'when `prefecture` was given: the company is registered there' })),
    address: Type.Optional(Type.Boolean({ description: 'when `address` was given: whether the registered address holds it' })),
  }),
});
export type Company = Static<typeof Company>;
