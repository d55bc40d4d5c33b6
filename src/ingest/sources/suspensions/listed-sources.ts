// Source module of the procurement-suspension lists (指名停止): every publisher's entries, each with its lists'
// addresses where they are known (suspension-lists.ts builds them), its site root otherwise.
import type { SourceModule } from '../../registry/source-module.js';
import { DESIGNATED_CITY_SOURCES, PREFECTURE_SOURCES } from './local.js';
import { AGENCY_SOURCES, CORPORATION_SOURCES, NATIONAL_SOURCES } from './national.js';

/** Every publisher's 指名停止 lists: a table source where the list's address is known, its site root otherwise. */
export const PROCUREMENT_SUSPENSIONS: SourceModule = {
  sources: [
    ...NATIONAL_SOURCES,
    ...AGENCY_SOURCES,
    ...CORPORATION_SOURCES,
    ...PREFECTURE_SOURCES,
    ...DESIGNATED_CITY_SOURCES,
  ],
};
