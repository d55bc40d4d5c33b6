// The source file `sources propose` prints and `--write` writes (one table source, KOHYO_SOURCES_DIR/<id>.yaml): the
// proposed mapping in YAML, every value the table cannot tell marked TODO unless given, comments saying where each fixed
// value was named and what the action words say that no field reads. Written by the yaml library, which quotes what a
// header or a cell of the list holds, so that the file reads back as the values it was made of.
import { Document, isMap, isNode, isScalar, isSeq, type Pair } from 'yaml';
import type { RecordKind } from '../../domain/records/record.js';
import { oneLine } from '../../domain/text/untrusted-text.js';
import type { ColumnMapping, FixedValues } from '../parsers/column-mapping.js';
import type { SourceFormat } from '../registry/source-entry.js';

/** What the table cannot tell, given by the operator (--id, --publisher, --title, --url); TODO where not. */
export interface GivenValues {
  readonly id?: string | undefined;
  readonly publisher?: string | undefined;
  readonly title?: string | undefined;
  readonly url?: string | undefined;
}

export interface ProposedFile {
  readonly kind: RecordKind;
  readonly format: SourceFormat;
  readonly given: GivenValues;
  /** The mapping as the list can be read now: the words no code fits are left out (`unmatched`). */
  readonly mapping: ColumnMapping;
  /** The fields the kind needs that no column gives and no --fixed value fills: TODO under `fixed`. */
  readonly todo: readonly (keyof FixedValues)[];
  /** Why a fixed value is what it is, where the table's words gave it. */
  readonly fixed_why?: ReadonlyMap<keyof FixedValues, string>;
  /** Lines of comment above the action words: what their words say that no field reads. */
  readonly action_notes?: readonly string[];
  /** The action and sector values no code fits, whose rows are skipped until a pair gives them one. */
  readonly unmatched?: readonly string[];
  /** The file or address it was proposed from, for its first comment. */
  readonly from: string;
}

/** What stands for a value the operator must give. */
const TODO = 'TODO';

const WHAT: Readonly<Record<keyof GivenValues, string>> = {
  id: "lower-case ASCII words joined by '-': the file's name, <id>.yaml",
  publisher: "the publisher's authority code (GET /api/v1/vocabularies, `authority`)",
  title: "the list's title, as the publisher gives it",
  url: "the list's address",
};

/** A comment's text on one line: what a list's cell holds never starts a line of the file. */
function commentText(text: string): string {
  return ` ${oneLine(text)}`;
}

/** The file's text, ready to be saved as KOHYO_SOURCES_DIR/<id>.yaml and completed where it says TODO. */
export function sourceFileText(proposed: ProposedFile): string {
  const { given, mapping } = proposed;
  const fixed = { ...mapping.fixed, ...Object.fromEntries(proposed.todo.map((field) => [field, TODO])) };
  const doc = new Document({
    id: given.id ?? TODO,
    publisher: given.publisher ?? TODO,
    record_kind: proposed.kind,
    title: given.title ?? TODO,
    url: given.url ?? TODO,
    url_kind: proposed.format === 'html' ? 'list_page' : 'list_file',
    format: proposed.format,
    mapping: { ...mapping, ...(Object.keys(fixed).length > 0 ? { fixed } : {}) },
    unproven: true,
  });
  // on its first key rather than the document, which would set it apart by a blank line
  commentBefore(doc.contents, 'id', [
    `proposed by \`kohyo sources propose\` from ${proposed.from}: check each header, code and fixed value`,
  ]);
  for (const key of ['id', 'publisher', 'title', 'url'] as const)
    if (given[key] === undefined) commentOn(doc.get(key, true), WHAT[key]);
  const mappingNode = doc.get('mapping', true);
  for (const [field, why] of proposed.fixed_why ?? []) commentOn(doc.getIn(['mapping', 'fixed', field], true), why);
  for (const field of proposed.todo)
    commentOn(doc.getIn(['mapping', 'fixed', field], true), 'no column gives it: a code of its vocabulary');
  const notes = [
    ...(proposed.action_notes ?? []),
    ...(proposed.unmatched ?? []).map((value) => `no code fits ${value}: its rows are skipped until a pair gives one`),
  ];
  commentBefore(mappingNode, 'action_types', [
    ...notes,
    "the column's words, each with the code they name, tried in order: check each",
  ]);
  commentBefore(mappingNode, 'sectors', [
    "the column's words, each with the code they name, tried in order: check each",
  ]);
  flowLists(doc.contents);
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

function commentOn(node: unknown, text: string): void {
  if (isScalar(node)) node.comment = commentText(text);
}

/** Comment lines before a key of a map (when the map has it). */
function commentBefore(map: unknown, key: string, lines: readonly string[]): void {
  if (!isMap(map)) return;
  const pair = map.items.find((item: Pair) => isScalar(item.key) && item.key.value === key);
  if (pair !== undefined && isScalar(pair.key)) pair.key.commentBefore = lines.map(commentText).join('\n');
}

/** A list of single-line words on one line (`[処分年月日]`, `[営業停止, business_suspension_order]`). */
function flowLists(node: unknown): void {
  if (isMap(node)) for (const item of node.items) flowLists(isNode(item.value) ? item.value : null);
  if (!isSeq(node)) return;
  for (const item of node.items) flowLists(item);
  node.flow = node.items.every((item) => isScalar(item) && !String(item.value).includes('\n'));
}
