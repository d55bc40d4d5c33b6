// Source module of the JFTC's legal actions and subcontracting recommendations, as the open dataset
// eoylab/jftc-actions transcribes them from the JFTC's yearly lists (Public Data License 1.0).
import type { SourceModule } from '../../registry/source-module.js';

// The licence asks that the JFTC be credited as the source and the repository as the editor, and that the
// dataset never be presented as the government's own: the title says both, and so does docs/data-sources.md.
// A table source: the mapping is all there is to it, read by the CSV table reader.
export const source: SourceModule = {
  sources: [
    {
      id: 'jftc-actions',
      publisher: 'jftc',
      record_kind: 'enforcement',
      title:
        '公正取引委員会 法的措置一覧・勧告一覧（出典: 公正取引委員会ウェブサイト、編集・加工: eoylab/jftc-actions）',
      url: 'https://raw.githubusercontent.com/eoylab/jftc-actions/main/data/actions.csv',
      url_kind: 'list_file',
      format: 'csv',
      terms: '公共データ利用規約（PDL1.0）: 出典 公正取引委員会ウェブサイト、編集・加工 eoylab/jftc-actions',
      mapping: {
        encoding: 'utf-8',
        date_forms: ['western'],
        columns: {
          company_name: ['company'],
          date: ['action_date'],
          // the provisions as the list words them name the law where it is not the stream's (旧下請法, 取適法)
          law: ['provisions_as_published'],
          summary: ['provisions_as_published'],
          // an Antimonopoly Act action's case number says which: 7(措)15 an order, 7(認)5 an approved commitment plan
          action_type: ['case_number'],
          record_url: ['press_release_url'],
        },
        // the party as the list abbreviates it (「(株)ヨークベニマル」), where the dataset gives no company; the
        // JFTC's yearly list, where a row has no press release
        fallbacks: { company_name: ['subject_as_published'], record_url: ['source_url'] },
        action_types: [
          ['(措)', 'cease_and_desist_order'],
          ['(認)', 'commitment_plan_approval'],
        ],
        fixed_by: {
          column: 'stream',
          values: [
            ['shitauke', { law: 'subcontract_act', action_type: 'recommendation' }],
            ['dk', { law: 'antimonopoly_act' }],
          ],
        },
      },
    },
  ],
};
