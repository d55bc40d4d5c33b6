// A proposed mapping's rows, one line each, for `sources propose`: a data row's mapped cells, or a record read from it.
import { oneLine } from '../../domain/text/untrusted-text.js';
import type { RecordInput } from '../../domain/records/record-input.js';
import type { RecordOrigin } from '../parsers/source-parser.js';
import type { ProposedMapping } from './propose-mapping.js';

/** A data row as the mapping reads it: each mapped field's cell, in the mapping's order. */
export function sampleRowLine(row: readonly string[], number: number, proposal: ProposedMapping): string {
  const cells = [...proposal.columns].map(([field, c]) => `${field} 「${oneLine(row[c] ?? '')}」`);
  return `row ${number}: ${cells.join(', ')}`;
}

/** A record as read, before validation: its row, date or period, company, authority, and what the kind turns on. */
export function proposedRecordLine(record: RecordInput, origin: RecordOrigin | undefined): string {
  const where = `row ${origin?.row ?? '?'}`;
  const company = `「${record.company.name}」${record.company.address ? ` (${record.company.address})` : ''}`;
  switch (record.kind) {
    case 'procurement_suspension':
      return `${where}: ${record.period.from}～${record.period.to ?? ''} ${company}, ${record.authority}: ${record.reason}`;
    case 'license_action': {
      const period = record.period ? `, ${record.period.from}～${record.period.to ?? ''}` : '';
      return `${where}: ${record.date} ${company}, ${record.authority}: ${record.action_type} (${record.sector_code})${period}`;
    }
    case 'enforcement':
      return `${where}: ${record.date} ${company}, ${record.authority}: ${record.action_type} under ${(record.laws ?? [record.law]).join(', ')}`;
  }
}
