// The column mappings of procurement-suspension lists: the header words the publishers' tables use.
import type { ColumnMapping } from '../../parsers/column-mapping.js';

// The spellings seen across prefectures' and bureaus' lists (指名停止措置一覧), tried in order; the header
// locator matches exact words before contained ones, so 「名称」 cannot take the 「商号又は名称」 column from
// a list that has both. A list whose header has none of a field's words fails naming that field: the honest
// outcome for a layout not seen here, fixed by adding its spelling.
const SUSPENSION_COLUMNS: ColumnMapping['columns'] = {
  company_name: ['商号又は名称', '商号または名称', '商号又は氏名', '業者名', '事業者名', '名称', '商号'],
  company_address: ['所在地', '住所', '本店所在地', '所在地（本店）'],
  period: ['指名停止期間', '措置期間', '停止期間', '指名停止の期間', '期間'],
  reason: ['措置要件', '停止理由', '指名停止理由', '措置理由', '指名停止の理由', '理由', '事由'],
};

/** A suspension list read through the common header words, its dates in either notation. */
export const SUSPENSION_TABLE: ColumnMapping = { columns: SUSPENSION_COLUMNS };
