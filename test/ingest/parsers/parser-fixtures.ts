// Shared mappings and contexts of the generic parser tests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordKind } from '../../../src/domain/records/record.js';
import { validateRecordLine } from '../../../src/domain/records/record-validation.js';
import type { ColumnMapping } from '../../../src/ingest/parsers/column-mapping.js';
import type { ParseContext, ParseOutcome, ParsedList } from '../../../src/ingest/parsers/source-parser.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(here, '../../fixtures/parsers', name));
}

export function contextFor(kind: RecordKind, authority = 'pref_13'): ParseContext {
  const url = 'https://www.example.lg.jp/list';
  return {
    source: {
      id: `test-${kind.replace(/_/gu, '-')}`,
      publisher: authority,
      record_kind: kind,
      title: 'テスト一覧',
      url,
      url_kind: 'list_file',
      format: 'csv',
      parser: 'csv-table',
      publisher_group: 'prefecture',
      counted_body: authority,
    },
    url,
    retrieved_at: '2025-09-01T00:00:00Z',
    published_on: null,
  };
}

/** The MHLW labour-law list's header words (企業・事業場名称 …), every row a referral to prosecutors. */
export const MHLW_LIST_MAPPING: ColumnMapping = {
  columns: {
    company_name: ['企業・事業場名称'],
    company_address: ['所在地'],
    date: ['公表日'],
    law: ['違反法条'],
    summary: ['事案概要'],
  },
  fixed: { action_type: 'prosecution_referral' },
};

export const SUSPENSION_MAPPING: ColumnMapping = {
  columns: {
    company_name: ['業者名', '商号又は名称'],
    company_address: ['所在地'],
    corporate_number: ['法人番号'],
    period: ['措置期間', '指名停止期間'],
    reason: ['措置要件', '措置理由'],
  },
};

/** Asserts success and that every record passes the record-line validation on its own. */
export function expectParsed(outcome: ParseOutcome): ParsedList {
  if (!outcome.ok) throw new Error(`expected a parse, got: ${outcome.error}\n${outcome.problems.join('\n')}`);
  outcome.records.forEach((record, i) => {
    const valid = validateRecordLine(JSON.parse(JSON.stringify(record)), i + 1);
    if (!valid.ok) throw new Error(valid.errors.join('\n'));
  });
  return outcome;
}
