// GET /api/v1/vocabularies: every code of every enumerated field, with its labels.
import { Type } from '@sinclair/typebox';
import type { Endpoint } from '../endpoint.js';
import { NoQuery } from '../schemas/queries.js';
import { VOCABULARIES, VOCABULARY_NAMES } from '../../domain/vocabularies/index.js';
import { closeCauses } from '../../domain/companies/close-causes.js';
import { isRecord, propertyOf } from '../../lib/is-object.js';
import { foldCaseless } from '../../domain/text/text-fold.js';
import { MAX_TEXT_LENGTH } from '../../domain/records/filter-names.js';

const ALL = Object.assign({}, VOCABULARIES, { close_cause: closeCauses });

/** How many codes each field has: what list_vocabularies answers when no field is asked for. */
const FIELD_SIZES = Object.fromEntries(
  Object.entries(ALL).map(([name, vocabulary]) => [name, vocabulary.terms.length]),
);

/** The MCP tool's one argument: the field to list, or none for the fields and their sizes. */
const VocabularyToolInput = Type.Object(
  {
    field: Type.Optional(
      Type.Union(
        Object.keys(ALL).map((name) => Type.Literal(name)),
        { description: 'the field whose codes to list; absent, the fields and how many codes each has' },
      ),
    ),
    q: Type.Optional(
      Type.String({
        maxLength: MAX_TEXT_LENGTH,
        description: 'with field: only the codes whose code, Japanese or English label holds this (e.g. 労働局, osaka)',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Whether a term's code or a label holds `folded` (folded as labels are compared: width, case and spaces aside). */
function mentions(term: unknown, folded: string): boolean {
  return ['code', 'name', 'name_en'].some((key) => {
    const value = propertyOf(term, key);
    return typeof value === 'string' && foldCaseless(value).includes(folded);
  });
}

const TermSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  name_en: Type.String(),
  group: Type.Optional(Type.String({ description: 'for authorities: the publisher group' })),
  parent: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description:
        'for authorities: the code of the body it is an office or agency of, or null; `authority=` matches a code and every office under it',
    }),
  ),
});

const body = Object.fromEntries(
  Object.entries(ALL).map(([name, vocabulary]) => [
    name,
    vocabulary.terms.map((t) =>
      // an authority names its publisher group and parent; no other term has them
      'group' in t
        ? { code: t.code, name: t.name, name_en: t.name_en, group: t.group, parent: t.parent }
        : { code: t.code, name: t.name, name_en: t.name_en },
    ),
  ]),
);

const VocabulariesAnswer = Type.Object({
  data: Type.Object({
    vocabularies: Type.Object(Object.fromEntries(Object.keys(ALL).map((name) => [name, Type.Array(TermSchema)]))),
  }),
  meta: Type.Object({ request_id: Type.String() }),
});

export const VOCABULARIES_ENDPOINT: Endpoint<typeof NoQuery, typeof VocabulariesAnswer> = {
  path: '/api/v1/vocabularies',
  operationId: 'listVocabularies',
  summary: 'Every code of every enumerated field',
  description: () =>
    `Every code of every enumerated field with its Japanese and English labels: ${[...VOCABULARY_NAMES, 'close_cause'].map((n) => `\`${n}\``).join(', ')}. ` +
    'A filter accepts the code or either label. Each authority names its publisher `group` and its `parent` (the body ' +
    'it is an office or agency of, or null); `authority=` matches that authority and every office under it. Fetch it ' +
    'once and cache it. Outside the rate limit.',
  tags: ['reference'],
  query: () => NoQuery,
  response: VocabulariesAnswer,
  counted: false,
  conditional: false,
  paged: false,
  listAnswer: false,
  needsDataset: false,
  landingLink: { name: 'vocabularies' },
  tools: [
    {
      name: 'list_vocabularies',
      title: 'Codes and labels',
      description:
        'The codes an enumerated field or filter takes, with their Japanese and English labels: give `field` ' +
        "(`authority`, `law`, `prefecture`, …) for one field's codes, and `q` to keep those whose code or label holds " +
        'it; without `field`, the fields and how many codes each has. A filter accepts a code or either label. Each ' +
        'authority names its publisher `group` and its `parent` (the body it is an office or agency of, if any); ' +
        '`authority` matches that authority and every office under it. Without `q`, an office (an authority with a ' +
        "`parent`) is listed by its code, Japanese label and parent alone, its group its parent's: `q` gives whole " +
        'terms. Outside the rate limit.',
      input: VocabularyToolInput,
      query: () => ({}),
      answer: (answer, args) => {
        const field = typeof args.field === 'string' ? args.field : null;
        if (field === null) return { data: { fields: FIELD_SIZES }, meta: answer.meta };
        const terms = propertyOf(propertyOf(answer.data, 'vocabularies'), field);
        const q = typeof args.q === 'string' ? foldCaseless(args.q) : '';
        // a null (an authority without a parent) is left out, and without q an office is its code, label and parent:
        // the authorities whole would pass what a tool answers
        const kept = Array.isArray(terms)
          ? terms.filter((term: unknown) => q === '' || mentions(term, q)).map(q === '' ? shortTerm : withoutNulls)
          : [];
        return { data: { vocabularies: { [field]: kept } }, meta: answer.meta };
      },
    },
  ],
  answer: (_context, _query, requestId) => ({ data: { vocabularies: body }, meta: { request_id: requestId } }),
};

/** A term without its null properties. */
/** An office (a term with a parent) by its code, Japanese label and parent; any other term without its nulls. */
function shortTerm(term: unknown): unknown {
  const parent = propertyOf(term, 'parent');
  if (typeof parent !== 'string') return withoutNulls(term);
  return { code: propertyOf(term, 'code'), name: propertyOf(term, 'name'), parent };
}

function withoutNulls(term: unknown): unknown {
  return isRecord(term) ? Object.fromEntries(Object.entries(term).filter(([, value]) => value !== null)) : term;
}
