// One address for each company and record: GET /api/v1/companies/{corporate_number} and /api/v1/{kind}/{id}.
import { Type, type TObject } from '@sinclair/typebox';
import { openDataset, type RouteContext } from '../endpoint.js';
import { DATASET_RESOURCE, type Answer, type Endpoint } from '../endpoint.js';
import { ApiError } from '../errors.js';
import { Company } from '../schemas/company.js';
import { Enforcement, LicenseAction, ProcurementSuspension } from '../schemas/records.js';
import { Meta } from '../schemas/common.js';
import { CORPORATE_NUMBER_INPUT } from '../schemas/queries.js';
import { baseMeta } from '../endpoint.js';
import { presentCompany } from '../present/company.js';
import { presentRecord, type PresentedOfKind } from '../present/records.js';
import { corporateNumberParam } from '../query-rules.js';
import { COMPANIES_PATH, RECORD_PATHS } from '../links.js';
import { kindOfRecordId } from '../../domain/records/record-id.js';
import { japanDate } from '../../domain/dates.js';
import type { RecordKind, RecordOfKind } from '../../domain/records/record.js';
import type { Company as CompanyRecord } from '../../domain/companies/company.js';
import type { Store } from '../../store/read/store.js';
import type { CompanyHit } from '../../store/read/company-queries.js';

/** Ids are a kind prefix and at most 64 characters (record-id.ts); anything longer names no record. */
const MAX_ID_LENGTH = 80;

const CompanyAddress = Type.Object(
  {
    // the pattern of its query twin, `corporate_number` of the record lists
    corporate_number: Type.String({
      pattern: CORPORATE_NUMBER_INPUT,
      description: '13 digits with a valid check digit; full-width digits, hyphens and a leading T are fine',
    }),
  },
  { additionalProperties: false },
);
const RecordAddress = Type.Object(
  { id: Type.String({ description: "the record's `id`, as every answer gives it" }) },
  { additionalProperties: false },
);

/** The company with this number, or the contract's refusal: 400 for a number that cannot be one, else 404. */
export function companyAt(store: Store, value: string): CompanyRecord {
  const number = corporateNumberParam(value);
  const company = store.companies.findByCorporateNumber(number);
  if (company === null) {
    throw new ApiError('not_found', `No company with Corporate Number ${number} is in the register Kohyo holds.`, {
      parameter: 'corporate_number',
    });
  }
  return company;
}

/** The record of `kind` with this id, or 404 (an id of another kind's prefix names none of this kind). */
function recordAt<K extends RecordKind>(store: Store, id: string, kind: K): RecordOfKind<K> {
  const record = kindOfRecordId(id) !== kind || id.length > MAX_ID_LENGTH ? null : store.records.byId(kind, id);
  if (record === null) {
    const shown = id.length > 40 ? `${id.slice(0, 40)}…` : id;
    throw new ApiError('not_found', `No ${kind} record has the id "${shown}".`, {
      parameter: 'id',
    });
  }
  return record;
}

/** What every address is: one resource of the dataset, asked for in the path's parameters. */
const ADDRESS: typeof DATASET_RESOURCE & Pick<Endpoint, 'parametersIn'> = { ...DATASET_RESOURCE, parametersIn: 'path' };

const CompanyAnswer = Type.Object({ data: Type.Object({ company: Company }), meta: Meta });

export const COMPANY: Endpoint<typeof CompanyAddress, typeof CompanyAnswer> = {
  path: `${COMPANIES_PATH}/{corporate_number}`,
  operationId: 'getCompany',
  summary: 'One company',
  description: () =>
    "One company's profile by its Corporate Number, in `data.company`, as /api/v1/companies shows it (with " +
    '`record_counts` and `predecessors`); 404 `not_found` when the register Kohyo holds has no such number, 400 ' +
    '`invalid_corporate_number` for a number that cannot be one. Every company in any answer links here (`links.self`).',
  tags: ['companies'],
  query: () => CompanyAddress,
  response: CompanyAnswer,
  ...ADDRESS,
  tools: [
    {
      name: 'get_company',
      title: 'One company by Corporate Number',
      description:
        "A company's profile by its Corporate Number (status, address, closure and successor, predecessors, record counts), as `data.company`; `not_found` when the register Kohyo holds has no such number.",
    },
  ],
  answer(context, params, requestId) {
    const store = openDataset(context);
    const company = companyAt(store, params.corporate_number);
    const match: CompanyHit['match'] = { field: 'corporate_number', kind: 'exact', alias_kind: null };
    return { data: { company: presentCompany({ company, match }) }, meta: baseMeta(requestId, store) };
  },
};

/** One tool for a record of any kind: an agent holds one id, whose prefix names its kind and so its address. */
const GET_RECORD = {
  name: 'get_record',
  title: 'One record by id',
  description:
    "One record of any kind by its `id` (`enf_…`, `ps_…`, `la_…`, as every list gives it), under its kind's name in `data`; `not_found` for an id Kohyo does not hold.",
  path: (args: Readonly<Record<string, unknown>>) => {
    const id = typeof args.id === 'string' ? args.id : '';
    return `${RECORD_PATHS[kindOfRecordId(id) ?? 'enforcement']}/{id}`;
  },
};

/** What a record's address answers: `data` holding the record under its kind's name, and the meta block. */
type RecordAnswerSchema<K extends RecordKind> = TObject<{ data: TObject<{ [P in K]: TObject }>; meta: typeof Meta }>;

/**
 * A record kind's address. Its answer's schema and the answer are written where the kind is known, so that the type
 * check holds the answer to the schema that serialises it.
 */
function recordAddress<K extends RecordKind, R extends RecordAnswerSchema<K>>(spec: {
  readonly kind: K;
  readonly what: string;
  /** `get` and the kind's name as its list's operation spells it (`listLicenseActions`, `getLicenseAction`). */
  readonly operationId: string;
  readonly response: R;
  readonly answer: (record: PresentedOfKind<K>, meta: ReturnType<typeof baseMeta>) => Answer<R>;
}): Endpoint<typeof RecordAddress, R> {
  const { kind, what } = spec;
  return {
    path: `${RECORD_PATHS[kind]}/{id}`,
    operationId: spec.operationId,
    summary: `One ${what}`,
    description: () =>
      `One ${what} by its \`id\`, in \`data.${kind}\`, as the list shows it; 404 \`not_found\` for an id Kohyo does ` +
      'not hold (a record delisted longer ago than the retention period is gone). Every record in any answer links ' +
      'here (`links.self`).',
    tags: ['records'],
    query: () => RecordAddress,
    response: spec.response,
    ...ADDRESS,
    tools: kind === 'enforcement' ? [GET_RECORD] : [],
    answer(context, params, requestId) {
      const store = openDataset(context);
      const record = presentedRecordAt(context, store, params.id, kind);
      return spec.answer(record, baseMeta(requestId, store));
    },
  };
}

/** The record with this id as the API shows it: of `kind` when given, else of the kind its prefix names. */
export function presentedRecordAt<K extends RecordKind>(
  context: RouteContext,
  store: Store,
  id: string,
  kind: K,
): PresentedOfKind<K> {
  return presentRecord(kind, recordAt(store, id, kind), japanDate(context.clock()));
}

export const ENFORCEMENT_ADDRESS = recordAddress({
  kind: 'enforcement',
  what: 'enforcement record',
  operationId: 'getEnforcement',
  response: Type.Object({ data: Type.Object({ enforcement: Enforcement }), meta: Meta }),
  answer: (record, meta) => ({ data: { enforcement: record }, meta }),
});

export const PROCUREMENT_SUSPENSION_ADDRESS = recordAddress({
  kind: 'procurement_suspension',
  what: 'procurement suspension',
  operationId: 'getProcurementSuspension',
  response: Type.Object({ data: Type.Object({ procurement_suspension: ProcurementSuspension }), meta: Meta }),
  answer: (record, meta) => ({ data: { procurement_suspension: record }, meta }),
});

export const LICENSE_ACTION_ADDRESS = recordAddress({
  kind: 'license_action',
  what: 'licence action',
  operationId: 'getLicenseAction',
  response: Type.Object({ data: Type.Object({ license_action: LicenseAction }), meta: Meta }),
  answer: (record, meta) => ({ data: { license_action: record }, meta }),
});

export const RECORD_ADDRESSES: readonly Endpoint<typeof RecordAddress>[] = [
  ENFORCEMENT_ADDRESS,
  PROCUREMENT_SUSPENSION_ADDRESS,
  LICENSE_ACTION_ADDRESS,
];
