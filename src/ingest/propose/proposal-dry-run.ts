// The list read through a proposed mapping as `sources try` reads a source's: the table reader of its format, then the
// collection's validation (a record that does not validate, a row repeated field for field, the unreadable-rows rule),
// no link tried and nothing written; so that propose's first run shows the rows it would skip and why. Where a value the
// kind needs is still to be given, a stand-in takes its place, so that the rows skipped for anything else are told now.
import { instant } from '../../domain/dates.js';
import { NO_NAMESAKES } from '../../domain/companies/link-company.js';
import type { RecordInput } from '../../domain/records/record-input.js';
import { enforcementActionTypes, licenseActionTypes, sectors } from '../../domain/vocabularies/enums.js';
import { laws } from '../../domain/vocabularies/laws.js';
import type { ColumnMapping, FixedValues, MappedField } from '../parsers/column-mapping.js';
import { parseGenericSource, tableParserId } from '../parsers/generic-parsers.js';
import type { ParseBudget } from '../parsers/parse-budget.js';
import { keptNotes, type RecordOrigin } from '../parsers/source-parser.js';
import { runNotes } from '../collect/collect-report.js';
import { prepareRecords } from '../collect/prepare-records.js';
import type { SourceEntry, SourceFormat } from '../registry/source-entry.js';
import type { ProposedMapping } from './propose-mapping.js';
import { proposedRecordLine } from './proposed-rows.js';

/** What the records' lines show as their authority where no column names one and no --publisher was given. */
const NO_PUBLISHER = '(publisher)';

/** The authority such records are validated under: any known one does, as none is shown. */
const STAND_IN_PUBLISHER = 'mhlw';

/** How many records the report shows: enough to judge a mapping by. */
const SHOWN_RECORDS = 10;

export interface DryRun {
  readonly bytes: Uint8Array;
  readonly proposal: ProposedMapping;
  readonly mapping: ColumnMapping;
  readonly format: SourceFormat;
  readonly publisher: string | undefined;
  /** The fixed values still TODO, and the fields of words no column gives yet, each read through a stand-in. */
  readonly todo: readonly (keyof FixedValues)[];
  readonly missing: readonly MappedField[];
  readonly now: Date;
  readonly budget: ParseBudget | undefined;
}

/** The report's lines: the records it would give and the rows it would skip, or the rows alone where a stand-in read. */
export async function dryRunLines(run: DryRun): Promise<string[]> {
  const source = proposedEntry(run);
  const context = { source, url: source.url, retrieved_at: instant(run.now), budget: run.budget };
  const read = await parseGenericSource(run.bytes, context);
  if (!read.ok) return [`no records: ${read.error}`, ...read.problems.map((problem) => `  ${problem}`)];
  const list = keptNotes(read);
  const validated = list.records.map((record) =>
    record.authority === NO_PUBLISHER ? { ...record, authority: STAND_IN_PUBLISHER } : record,
  );
  const prepared = prepareRecords({ records: validated, origins: list.origins }, source.id, () => NO_NAMESAKES);
  if (!prepared.ok) return [`the records do not fit: ${prepared.error}`, ...prepared.problems.map((p) => `  ${p}`)];
  const skipped = [...list.skipped_rows, ...prepared.unreadable];
  const total = (list.skipped_total ?? list.skipped_rows.length) + prepared.unreadable.length;
  const notes = runNotes('proposed', skipped, [...list.warnings, ...prepared.warnings], [], skipped.length);
  const standing = [...run.todo, ...run.missing];
  if (standing.length > 0) return [`${total} row(s) it would skip, whatever gives ${standing.join(', ')}`, ...notes];
  const read_ = readRecords(list.records, list.origins);
  const kept = prepared.origins.flatMap((origin) => read_.get(origin) ?? []);
  return [
    `${kept.length} record(s) it would give, read by the ${source.parser} reader and validated (not linked: \`kohyo sources try\` links them once the file is written); the first:`,
    ...kept.slice(0, SHOWN_RECORDS).map(({ record, origin }) => `  ${proposedRecordLine(record, origin)}`),
    `${total} row(s) it would skip`,
    ...notes,
  ];
}

/** Each record read, by the origin the validation hands back for the records it kept. */
function readRecords(
  records: readonly RecordInput[],
  origins: readonly RecordOrigin[] | undefined,
): Map<RecordOrigin, { record: RecordInput; origin: RecordOrigin }> {
  return new Map(
    records.flatMap((record, i) => {
      const origin = origins?.[i];
      return origin === undefined ? [] : [[origin, { record, origin }] as const];
    }),
  );
}

/** A code of the vocabulary a fixed value is of, standing for the one the operator is to choose. */
function standInCode(key: keyof FixedValues, proposal: ProposedMapping): string {
  const actions = proposal.kind === 'license_action' ? licenseActionTypes : enforcementActionTypes;
  const vocabulary = { action_type: actions, law: laws, sector_code: sectors, scope: null }[key];
  return vocabulary?.codes()[0] ?? 'TODO';
}

/** The proposal as a registry entry, each value still to be given read through a stand-in. */
function proposedEntry(run: DryRun): SourceEntry {
  const { mapping, proposal } = run;
  const company = mapping.columns.company_name ?? [];
  const standIn = {
    ...mapping,
    // a field of words no column gives yet is read from the company's column, which every kept row fills
    columns: { ...mapping.columns, ...Object.fromEntries(run.missing.map((field) => [field, company])) },
    fixed: { ...mapping.fixed, ...Object.fromEntries(run.todo.map((key) => [key, standInCode(key, proposal)])) },
  };
  return {
    id: 'proposed',
    publisher: run.publisher ?? NO_PUBLISHER,
    record_kind: proposal.kind,
    title: 'TODO',
    url: 'https://proposed.invalid/',
    url_kind: 'list_file',
    format: run.format,
    mapping: standIn,
    parser: tableParserId(run.format),
    publisher_group: 'national',
    counted_body: 'TODO',
  };
}
