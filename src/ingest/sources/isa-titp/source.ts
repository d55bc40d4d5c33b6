// Source module of the Immigration Services Agency's lists of actions under the Technical Intern Training Act.
import type { SourceModule } from '../../registry/source-module.js';

// The agency's page 「技能実習法に基づく行政処分等」 links each list as an Excel file, the certification revocations one
// file per fiscal year (e.g. https://www.moj.go.jp/isa/content/001391104.xlsx for FY2018); the collector follows
// every link whose text names the list, and each record cites the file it came from.
const PAGE = 'https://www.moj.go.jp/isa/applications/titp/nyuukokukanri07_00138.html';

const common = {
  publisher: 'isa',
  record_kind: 'license_action',
  url: PAGE,
  url_kind: 'list_page',
  follow_all_links: true,
  format: 'xlsx',
} as const;

export const source: SourceModule = {
  parser: 'isa-titp-xlsx',
  sources: [
    {
      ...common,
      id: 'isa-titp-certification-revocations',
      title: '技能実習計画の認定の取消し',
      list_link: '認定(の)?取消',
      fixed: { action_type: 'certification_revocation', law: 'technical_intern_training_act' },
    },
    {
      ...common,
      id: 'isa-titp-supervising-org-revocations',
      title: '監理団体の許可の取消し',
      list_link: '許可(の)?取消',
      fixed: { action_type: 'license_revocation', law: 'technical_intern_training_act' },
    },
    {
      // to supervising organisations (第36条) and to implementing organisations (第15条): two files, one list
      ...common,
      id: 'isa-titp-improvement-orders',
      title: '監理団体及び実習実施者に対する改善命令',
      list_link: '改善命令',
      fixed: { action_type: 'improvement_order', law: 'technical_intern_training_act' },
    },
  ],
};
