// What `sources propose` says of a proposal, before the source file and the rows: the kind and why, each field's column
// and how it was found, each coded value with its code and what its words say beyond it, the values the table's words
// fix, what is left to fill in and what would fill it, counted. And the mapping the file is written with. Pure.
import type { Vocabulary } from '../../domain/vocabulary.js';
import { enforcementActionTypes, licenseActionTypes, sectors } from '../../domain/vocabularies/enums.js';
import type { ColumnMapping, FixedValues, MappedField } from '../parsers/column-mapping.js';
import type { FileTable } from './file-tables.js';
import type { GivenValues } from './source-file-text.js';
import { needsLine } from './needs-lines.js';
import type { ColumnValueCodes, ProposedMapping } from './propose-mapping.js';
import type { ValueCode, ValueRest } from './value-codes.js';

/** The values --fixed may give: those a table's mapping may fix (column-mapping.ts FixedValues). */
export const FIXABLE: Readonly<Record<string, keyof FixedValues>> = {
  action_type: 'action_type',
  law: 'law',
  sector: 'sector_code',
  sector_code: 'sector_code',
};

export interface ProposedSource {
  /** The mapping as the list can be read now: the words no code fits left out (their rows skipped, saying so). */
  readonly mapping: ColumnMapping;
  /** The action and sector values no code fits: 「…」 each. */
  readonly unmatched: readonly string[];
  /** The fixed values the kind needs that nothing gives: TODO in the file. */
  readonly todo: readonly (keyof FixedValues)[];
  /** The fields the kind needs that no column gives and no fixed value can. */
  readonly unreadable: readonly MappedField[];
  /** Why each fixed value the table's words gave (not --fixed). */
  readonly fixed_why: ReadonlyMap<keyof FixedValues, string>;
}

/**
 * The mapping proposed: each field's header as printed, the file's encoding or sheet, the values the table's words fix
 * under those --fixed gives, and the words of its action and sector values with their codes (none where none fits),
 * the longer words first (業務改善命令 before 改善命令: a mapping's pairs are tried in order).
 */
export function proposedSource(table: FileTable, proposal: ProposedMapping, asked: FixedValues): ProposedSource {
  const columns = Object.fromEntries([...proposal.columns].map(([field, c]) => [field, [proposal.headers[c] ?? '']]));
  const fixedWhy = new Map(proposal.fixed.filter((f) => asked[f.field] === undefined).map((f) => [f.field, f.why]));
  const fixed: FixedValues = { ...Object.fromEntries(proposal.fixed.map((f) => [f.field, f.code])), ...asked };
  const kindActions = proposal.kind === 'license_action' ? licenseActionTypes : enforcementActionTypes;
  const actions = pairs(valuesOf(proposal, 'action_type'), kindActions);
  const sectorWords = pairs(valuesOf(proposal, 'sector'), sectors);
  const mapping: ColumnMapping = {
    ...(table.encoding === undefined ? {} : { encoding: table.encoding }),
    ...(table.sheet === undefined || table.index === 0 ? {} : { sheet: table.sheet }),
    columns,
    ...(Object.keys(fixed).length > 0 ? { fixed } : {}),
    ...(actions.length > 0 ? { action_types: actions } : {}),
    ...(sectorWords.length > 0 ? { sectors: sectorWords } : {}),
  };
  const todo = proposal.needs.flatMap((field) => {
    const key = FIXABLE[field];
    return key === undefined || fixed[key] !== undefined ? [] : [key];
  });
  const unreadable = proposal.needs.filter((field) => FIXABLE[field] === undefined);
  const unmatched = (['action_type', 'sector'] as const).flatMap((field) =>
    valuesOf(proposal, field)
      .filter((value) => value.codes.length === 0)
      .map((value) => `「${value.value}」`),
  );
  return { mapping, unmatched, todo, unreadable, fixed_why: fixedWhy };
}

function valuesOf(proposal: ProposedMapping, field: ColumnValueCodes['field']): readonly ValueCode[] {
  return proposal.values.find((v) => v.field === field)?.values ?? [];
}

/** A mapping's pairs: each value the vocabulary does not read as it is, by its words, with the one code they name. */
function pairs(values: readonly ValueCode[], vocabulary: Vocabulary): [words: string, code: string][] {
  const byWords = new Map<string, string>();
  for (const value of values) {
    if (vocabulary.resolve(value.value) !== undefined) continue;
    const [code, ...more] = value.codes;
    if (code === undefined || more.length > 0) continue;
    if (!byWords.has(value.words)) byWords.set(value.words, code);
  }
  return [...byWords].sort(([a], [b]) => b.length - a.length);
}

/** The lines above the file: the table, the kind, the columns, the values and their codes, the fixed values, the needs. */
export function proposalLines(proposal: ProposedMapping, source: ProposedSource): string[] {
  const columns = [...proposal.columns].map(([field, c]) => {
    const how = proposal.found_by_values.get(field);
    return `${field} ← 「${proposal.headers[c] ?? ''}」${how === undefined ? '' : ` (${how})`}`;
  });
  const lines = [
    `record kind: ${proposal.kind}, as ${proposal.kind_why}`,
    `columns: ${columns.join(', ')}`,
    `unmapped: ${proposal.unmapped.length === 0 ? 'none' : proposal.unmapped.join(', ')}`,
  ];
  for (const coded of proposal.values) lines.push(...valueLines(coded, proposal));
  for (const [field, why] of source.fixed_why)
    lines.push(`fixed: ${field} = ${source.mapping.fixed?.[field] ?? ''}, named by ${why}`);
  for (const field of proposal.needs) {
    const key = FIXABLE[field];
    if (key === undefined || source.todo.includes(key)) lines.push(needsLine(proposal, field, key));
  }
  return lines;
}

/** How many lines a column's values take: the values with no code are listed all the same. */
const SHOWN_VALUES = 10;

/** Values that read alike: one code by the same words, the rest of each alike (「H30.8.10送検」, 「H30.9.3送検」). */
interface ValueGroup {
  readonly first: ValueCode;
  readonly values: ValueCode[];
}

/**
 * A coded column's values: how many have a code, then each value (or each group of values that name their code by
 * the same words) with its code and what its words say beyond it; the first few, and every one with no code.
 */
function valueLines(coded: ColumnValueCodes, proposal: ProposedMapping): string[] {
  const header = proposal.headers[coded.column] ?? '';
  const mapped = coded.values.filter((v) => v.codes.length > 0).length;
  const groups = new Map<string, ValueGroup>();
  for (const value of coded.values) {
    const key =
      value.words === value.value ? `=${value.value}` : `${value.codes.join()}|${value.words}|${value.rest.kind}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { first: value, values: [value] });
    else group.values.push(value);
  }
  const all = [...groups.values()];
  const shown = all.filter((g, i) => i < SHOWN_VALUES || g.first.codes.length === 0);
  const more = all.filter((g) => !shown.includes(g)).flatMap((g) => g.values);
  return [
    `values of 「${header}」 (${coded.field}): ${coded.values.length} distinct, ${mapped} with a code, ${coded.values.length - mapped} TODO`,
    ...shown.map((group) => `  ${groupLine(group, proposal, coded.column)}`),
    ...(more.length > 0 ? [`  and ${more.length} more, each with a code`] : []),
  ];
}

function groupLine({ first, values }: ValueGroup, proposal: ProposedMapping, column: number): string {
  const rows = values.reduce((n, v) => n + v.rows, 0);
  const code = first.codes.length > 0 ? first.codes.join(', ') : `TODO: ${first.note ?? 'no code fits'}`;
  const note = first.codes.length > 0 && first.note !== undefined ? ` (${first.note})` : '';
  if (values.length === 1)
    return `「${first.value}」${rows === 1 ? '' : ` (${rows} rows)`} → ${code}${note}${restLine(first.rest, proposal, column)}`;
  const examples = values.slice(0, 3).map((v) => `「${v.value}」`);
  const named = `「${first.words}」 in ${values.length} values (${rows} rows: ${examples.join(', ')}${values.length > 3 ? ', …' : ''})`;
  const rests = values.flatMap((v) => (v.rest.kind === 'none' ? [] : [`「${v.rest.text}」`]));
  const said = `the rest of each (${rests.slice(0, 3).join(', ')}${rests.length > 3 ? ', …' : ''})`;
  return `${named} → ${code}${note}${restLine(first.rest, proposal, column, said)}`;
}

/** What an action's words say beyond its code, and the field that holds it. */
function restLine(rest: ValueRest, proposal: ProposedMapping, column: number, what?: string): string {
  const said = what ?? (rest.kind === 'none' ? '' : `「${rest.text}」`);
  const period = proposal.columns.get('period');
  switch (rest.kind) {
    case 'none':
      return '';
    case 'length':
      // a length has no first day: a period column of its own gives the period, else the record has none
      return period !== undefined && period !== column
        ? `; ${said} is its period's length (period ← 「${proposal.headers[period] ?? ''}」)`
        : `; ${said} is the length of its period (period), which needs a first day no column gives: the record's period is left empty`;
    case 'period':
      return `; ${said} is its period (period ← 「${proposal.headers[period ?? -1] ?? ''}」)`;
    case 'date':
      return `; ${said} is a date, read by no field (the record's date is its date column's)`;
    case 'words':
      return `; ${said} is read by no field`;
  }
}

/** How many TODOs the file holds and what they are: what no table says, the values no column gives; the values no code fits. */
export function todoLines(given: GivenValues, proposal: ProposedMapping, source: ProposedSource): string[] {
  const untold = (['id', 'publisher', 'title', 'url'] as const).filter((key) => given[key] === undefined);
  const total = untold.length + source.todo.length + source.unreadable.length;
  const parts = [
    ...(untold.length > 0 ? [`${untold.length} the table cannot tell (its ${untold.join(', ')})`] : []),
    ...(source.todo.length > 0 ? [`${source.todo.length} value(s) no column gives (${source.todo.join(', ')})`] : []),
    ...(source.unreadable.length > 0
      ? [`${source.unreadable.length} column(s) to name (${source.unreadable.join(', ')}: the needs above say how)`]
      : []),
  ];
  const laws = (proposal.values.find((v) => v.field === 'law')?.values ?? [])
    .filter((value) => value.codes.length === 0)
    .map((value) => `「${value.value}」`);
  return [
    total === 0 ? 'TODO: none in the file' : `TODO: ${total} in the file: ${parts.join('; ')}`,
    ...(source.unmatched.length > 0
      ? [
          `and ${source.unmatched.length} value(s) no code fits (${source.unmatched.join(', ')}): their rows are skipped until a pair of the file gives their words a code`,
        ]
      : []),
    ...(laws.length > 0
      ? [
          `and ${laws.length} law value(s) name no known law (${laws.join(', ')}): their rows are skipped unless the file fixes a law`,
        ]
      : []),
  ];
}

/** What the action words say that no field reads: a suspension's length without its first day. */
export function actionNotes(proposal: ProposedMapping): string[] {
  if (proposal.columns.has('period')) return [];
  const coded = proposal.values.find((v) => v.field === 'action_type');
  const lengths = (coded?.values ?? []).flatMap((v) => (v.rest.kind === 'length' ? [`「${v.rest.text}」`] : []));
  if (coded === undefined || lengths.length === 0) return [];
  return [
    `${lengths.join(', ')} in 「${proposal.headers[coded.column] ?? ''}」: a suspension's length; a record's period needs its first day, which no column gives`,
  ];
}
