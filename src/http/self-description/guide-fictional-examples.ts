// The example calls and answers /llms.txt shows while no dataset is open, one per endpoint: answers of the real shape
// over the fictional dataset of guide-example-data.ts; a test checks every example answer against the endpoint's
// response schema.
import type { EndpointExample } from './guide-example-call.js';
import {
  EXAMPLE_NUMBER,
  exampleClosedCompany,
  exampleCompany,
  exampleEnforcement,
  exampleLicenseAction,
  exampleSuspension,
  firstTerms,
  listMeta,
  meta,
  mhlwSource,
  national,
  OTHER_NUMBER,
  pagedMeta,
  recordMeta,
  searchMeta,
} from './guide-example-data.js';

const ONE_ROW = 'one row per list';

/** The guide's examples when no dataset is open: fictional companies, answers of the real shape, one row per list. */
export const EXAMPLES: Readonly<Record<string, EndpointExample>> = {
  '/api/v1/search': {
    source: 'fictional',
    call: {
      path: '/api/v1/search',
      params: [
        ['q', '見本建設'],
        ['limit', '4'],
      ],
    },
    answer: {
      data: {
        companies: [exampleCompany],
        enforcements: [exampleEnforcement],
        procurement_suspensions: [exampleSuspension],
        license_actions: [],
      },
      meta: searchMeta(4, 3),
    },
    abridged: ONE_ROW,
  },
  '/api/v1/companies': {
    source: 'fictional',
    call: { path: '/api/v1/companies', params: [['q', OTHER_NUMBER]] },
    answer: { data: { companies: [exampleClosedCompany] }, meta: listMeta(10, 1) },
  },
  '/api/v1/enforcements': {
    source: 'fictional',
    call: {
      path: '/api/v1/enforcements',
      params: [
        ['corporate_number', EXAMPLE_NUMBER],
        ['law', '独占禁止法'],
      ],
    },
    answer: { data: { enforcements: [exampleEnforcement] }, meta: recordMeta(10, 1) },
    abridged: ONE_ROW,
  },
  '/api/v1/procurement-suspensions': {
    source: 'fictional',
    call: {
      path: '/api/v1/procurement-suspensions',
      params: [
        ['company', '見本建設'],
        ['reason', 'bid_rigging'],
      ],
    },
    answer: { data: { procurement_suspensions: [exampleSuspension] }, meta: pagedMeta(10, 1) },
    abridged: ONE_ROW,
  },
  '/api/v1/license-actions': {
    source: 'fictional',
    call: {
      path: '/api/v1/license-actions',
      params: [
        ['sector', 'trucking'],
        ['nature', 'violation'],
        ['from', '2025-01-01'],
        ['to', '2025-12-31'],
        ['limit', '5'],
      ],
    },
    answer: { data: { license_actions: [exampleLicenseAction] }, meta: pagedMeta(5, 1) },
    abridged: ONE_ROW,
  },
  '/api/v1/companies/{corporate_number}': {
    source: 'fictional',
    call: { path: `/api/v1/companies/${EXAMPLE_NUMBER}`, params: [] },
    answer: { data: { company: exampleCompany }, meta },
  },
  '/api/v1/enforcements/{id}': {
    source: 'fictional',
    call: { path: exampleEnforcement.links.self, params: [] },
    answer: { data: { enforcement: exampleEnforcement }, meta },
  },
  '/api/v1/procurement-suspensions/{id}': {
    source: 'fictional',
    call: { path: exampleSuspension.links.self, params: [] },
    answer: { data: { procurement_suspension: exampleSuspension }, meta },
  },
  '/api/v1/license-actions/{id}': {
    source: 'fictional',
    call: { path: exampleLicenseAction.links.self, params: [] },
    answer: { data: { license_action: exampleLicenseAction }, meta },
  },
  '/api/v1/procurement-suspension-coverage': {
    source: 'fictional',
    call: { path: '/api/v1/procurement-suspension-coverage', params: [] },
    answer: { data: { coverage: [national] }, meta },
    abridged: 'the first entry; the real answer has one for each publisher group',
  },
  '/api/v1/coverage': {
    source: 'fictional',
    call: { path: '/api/v1/coverage', params: [] },
    answer: { data: { sources: [mhlwSource] }, meta },
    abridged: 'the first source; the real answer lists every source of every record kind',
  },
  '/api/v1/vocabularies': {
    source: 'fixed',
    call: { path: '/api/v1/vocabularies', params: [] },
    answer: {
      data: { vocabularies: { publisher_group: firstTerms('publisher_group', 2), nature: firstTerms('nature', 3) } },
      meta: { request_id: meta.request_id },
    },
    abridged: 'two of the vocabularies, the first terms of each',
  },
  '/api/v1/openapi.json': { call: { path: '/api/v1/openapi.json', params: [] }, answer: null, source: 'fixed' },
  '/health': {
    call: { path: '/health', params: [] },
    answer: { status: 'ok', dataset: { ...meta.dataset, published_version: null } },
    source: 'fixed',
  },
  '/llms.txt': { call: { path: '/llms.txt', params: [] }, answer: null, source: 'fixed' },
  '/docs': { call: { path: '/docs', params: [] }, answer: null, source: 'fixed' },
  '/search': { call: { path: '/search', params: [['q', '見本建設']] }, answer: null, source: 'fixed' },
  '/coverage': { call: { path: '/coverage', params: [] }, answer: null, source: 'fixed' },
  '/companies/{corporate_number}': {
    call: { path: `/companies/${EXAMPLE_NUMBER}`, params: [] },
    answer: null,
    source: 'fixed',
  },
  '/records/{id}': { call: { path: exampleEnforcement.links.html, params: [] }, answer: null, source: 'fixed' },
  '/': { call: { path: '/', params: [] }, answer: null, source: 'fixed' },
};
