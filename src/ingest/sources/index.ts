// The one index of source modules: the registry, the parsers by id and the formats they read are derived from it.
// Adding a source is adding its module here (docs/data-sources.md).
import type { SourceModule } from '../registry/source-module.js';
import { CAA_KEIHYO } from './caa-keihyo.js';
import { ISA_TITP } from './isa-titp.js';
import { JFTC_ACTIONS } from './jftc-actions.js';
import { MHLW_LABOUR_LAW_VIOLATIONS } from './mhlw-labour-law-violations.js';
import { MLIT_NEGATIVE_INFO } from './mlit-negative-info.js';
import { NATIONAL_ACTIONS } from './national-actions.js';
import { PREFECTURE_LICENCE_ACTIONS } from './prefecture-licence-actions.js';
import { PROCUREMENT_SUSPENSIONS } from './suspensions/listed-sources.js';

// the suspension lists first: a publisher's first source names the body it counts for (demo-sources.ts reads it so)
export const SOURCE_MODULES: readonly SourceModule[] = [
  PROCUREMENT_SUSPENSIONS,
  MHLW_LABOUR_LAW_VIOLATIONS,
  MLIT_NEGATIVE_INFO,
  ISA_TITP,
  JFTC_ACTIONS,
  CAA_KEIHYO,
  NATIONAL_ACTIONS,
  PREFECTURE_LICENCE_ACTIONS,
];
