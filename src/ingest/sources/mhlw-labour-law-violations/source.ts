// Source module of MHLW's list of companies sent to the prosecutor for labour-law violations, one table per labour bureau.
import type { SourceModule } from '../../registry/source-module.js';

export const source: SourceModule = {
  parser: 'mhlw-labour-violations-pdf',
  sources: [
    {
      // The ministry's page links the current month's PDF (one table per labour bureau) at a new address each
      // month (the copy in test/fixtures/government is https://www.mhlw.go.jp/content/000534084.pdf, of 令和元年8月30日), so the
      // collector follows the link; the records cite the PDF. The pattern skips the notice beside it,
      // 「労働基準関係法令に係る公表事案のホームページ掲載について」. Each record's authority is the bureau of its table.
      id: 'mhlw-labour-law-violations',
      publisher: 'mhlw',
      record_kind: 'enforcement',
      title: '労働基準関係法令違反に係る公表事案',
      url: 'https://www.mhlw.go.jp/kinkyu/151106.html',
      list_link: '違反に係る公表事案',
      url_kind: 'list_page',
      format: 'pdf',
    },
  ],
};
