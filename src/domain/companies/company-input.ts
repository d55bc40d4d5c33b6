// A company as the importers hand it to the store: defined with the company itself (company.ts).
export type { AliasKind, CompanyAlias, CompanyInput } from './company.js';
