// A company as the NTA importer hands it to the writer: an active 株式会社 in Tokyo, with whatever the test overrides.
import type { CompanyInput } from '../../src/domain/companies/company.js';

export function companyInput(
  overrides: Partial<CompanyInput> & Pick<CompanyInput, 'corporate_number' | 'name'>,
): CompanyInput {
  return {
    name_kana: null,
    name_en: null,
    kind_code: '301',
    legal_form: 'kabushiki_kaisha',
    address: {
      prefecture_code: '13',
      prefecture: '東京都',
      city: '千代田区',
      city_code: '13101',
      street: null,
      postal_code: null,
      outside: null,
      en: null,
    },
    status: 'active',
    closed_on: null,
    close_cause: null,
    successor_corporate_number: null,
    updated_on: '2026-01-27',
    changed_on: '2026-01-05',
    aliases: [],
    ...overrides,
  };
}
