// What `sources propose` says of a field the record kind must have and the table does not give: what the field holds,
// the header words it was looked for by, and what would fill it, as the options to run it again with (a column of this
// table, --column FIELD=HEADER; a value for every record, --fixed FIELD=CODE). Pure.
import { FIELD_MEANINGS, type FixedValues, type MappedField } from '../parsers/column-mapping.js';
import { commonHeaderWords } from './header-words.js';
import { aKind, type ProposedMapping } from './propose-mapping.js';

/** How many of the table's columns a line names as able to give a field: enough to choose from. */
const SHOWN_COLUMNS = 5;

/** How many of a field's header words a line names. */
const SHOWN_WORDS = 4;

/**
 * One line per field the kind needs and nothing gives: `fixed` the key --fixed gives the field by (a field a value can
 * fix for every record), undefined for one only a column can give.
 */
export function needsLine(proposal: ProposedMapping, field: MappedField, fixed: keyof FixedValues | undefined): string {
  const words = commonHeaderWords(field);
  const looked = `${words.slice(0, SHOWN_WORDS).join(', ')}${words.length > SHOWN_WORDS ? ', …' : ''}`;
  const head = `needs: ${field}, which ${aKind(proposal.kind)} must have (${FIELD_MEANINGS[field].meaning}): no column's header names it (${looked})`;
  const columns = FIELD_MEANINGS[field].words ? wordColumns(proposal) : [];
  const byColumn =
    columns.length === 0
      ? null
      : `name the column that holds it with --column ${field}=HEADER (of this table's: ${columns.join(', ')})`;
  const byValue =
    fixed === undefined
      ? null
      : `give every record one with --fixed ${fixed}=CODE (a code of GET /api/v1/vocabularies, \`${field}\`)`;
  const ways = [byColumn, byValue].filter((way) => way !== null);
  if (ways.length === 0)
    return `${head}, and no other column of its can give it: this table cannot be ${aKind(proposal.kind)} list as it is`;
  return `${head}; ${ways.join(', or ')}`;
}

/** The table's columns of words: those no field reads first, then those read as another field of words, said so. */
function wordColumns(proposal: ProposedMapping): string[] {
  const readAs = new Map([...proposal.columns].map(([field, column]) => [column, field] as const));
  const unread = proposal.headers.flatMap((header, column) =>
    header === '' || readAs.has(column) ? [] : [`「${header}」`],
  );
  const others = [...proposal.columns].flatMap(([field, column]) =>
    FIELD_MEANINGS[field].words ? [`「${proposal.headers[column] ?? ''}」 (read as ${field})`] : [],
  );
  return [...unread, ...others].slice(0, SHOWN_COLUMNS);
}
