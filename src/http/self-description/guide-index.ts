// The text of /llms.txt: the index of the guide, as the llms.txt convention (llmstxt.org) has it: a title, a summary,
// the few rules an agent must know before its first call, then sections of links, one line each, to the whole guide
// (/llms-full.txt), the documents and an example call of each endpoint. Kept under 10 KB, so that it fits an agent's
// context whole; everything else is one link away.
import type { Config } from '../../config.js';
import {
  BASE_PATH,
  DOCUMENTS,
  ENDPOINTS,
  documentAt,
  FULL_GUIDE_PATH,
  GUIDE_PATH,
  MCP_ACCEPT,
  MCP_PATH,
  OPENAPI_PATH,
  REFERENCE_PATH,
} from '../../api/catalogue.js';
import { SUMMARY } from './guide-full.js';
import { encodedCall, type GuideExamples } from './guide-examples.js';

/** A line of a section: what the link is, where it leads (null: no call to link), what it says. */
interface IndexLine {
  readonly title: string;
  readonly href: string | null;
  readonly note: string;
}

/** The index, its example calls those of `served`, linked where they answer on this server. */
export function guideIndex(config: Config, served: GuideExamples): string {
  const l = config.limits;
  return [
    '# Kohyo',
    '',
    SUMMARY,
    '',
    `Base path \`${BASE_PATH}\`: GET and HEAD, JSON in UTF-8; a success is \`{"data": {…}, "meta": {…}}\`, an error \`{"error": {"code", "message", "details"}}\`. Percent-encode query values as UTF-8. No key: a client (address, User-Agent, \`X-Kohyo-Client\`) may make ${l.perMinute} counted requests in any 60 seconds and ${l.perDay} in any 24 hours; past them, 429 with \`Retry-After\`: wait that long. Walking Corporate Numbers or sweeping names is refused as enumeration. Send \`X-Kohyo-Client: <your application>\` and \`X-Kohyo-Contact: <an address>\`.`,
    '',
    '`meta.dataset.kind: "demo"` is a FICTIONAL dataset: never cite it as fact. An empty answer means "nothing in what Kohyo held as of `meta.data_as_of`", never "clean"; `meta.coverage` says what was searched. Cite a record by its `source.url`.',
    '',
    ...section('Guide', documentLines()),
    ...section('Endpoints', endpointLines(served), endpointsNote(served)),
    ...section('MCP', [
      {
        title: 'MCP in the whole guide',
        href: FULL_GUIDE_PATH,
        note: `POST JSON-RPC to \`${MCP_PATH}\` (Streamable HTTP, stateless) with \`Content-Type: application/json\` and \`Accept: ${MCP_ACCEPT}\`: the endpoints as tools, each call counted as the request it stands for; the whole guide is its resource.`,
      },
    ]),
    ...section('Optional', pageLines(served)),
  ].join('\n');
}

function section(heading: string, lines: readonly IndexLine[], note?: string): string[] {
  return [
    `## ${heading}`,
    '',
    ...(note === undefined ? [] : [note, '']),
    ...lines.map(({ title, href, note: said }) => `- ${href === null ? title : `[${title}](${href})`}: ${said}`),
    '',
  ];
}

/** The documents an agent reads, the whole guide first, with what each holds. */
const READING: readonly (readonly [path: string, holds: string])[] = [
  [
    FULL_GUIDE_PATH,
    'every endpoint with its parameters, an example call and its answer; the query rules; what an answer and its coverage mean; the limits and their headers; how to behave; MCP; every error code with what to do.',
  ],
  [OPENAPI_PATH, 'every endpoint, parameter and field, with types.'],
  [REFERENCE_PATH, 'the same for people, with "Try it out".'],
];

function documentLines(): IndexLine[] {
  return READING.map(([path, holds]) => ({ title: documentAt(path).summary, href: path, note: holds }));
}

function endpointsNote(served: GuideExamples): string {
  return served.from === 'served'
    ? 'Each link is an example call on the dataset this server serves, counted against the limits unless its line says otherwise.'
    : 'No dataset is open yet: the calls are listed, and linked once one is.';
}

/** Each endpoint, linked to its example call where the call answers on this server. */
function endpointLines(served: GuideExamples): IndexLine[] {
  return ENDPOINTS.map((endpoint) => {
    const example = served.examples[endpoint.path];
    const answers = served.from === 'served' || !endpoint.needsDataset;
    return {
      title: `GET ${endpoint.path}`,
      href: example !== undefined && answers ? encodedCall(example.call) : null,
      note: `${endpoint.summary}.${endpoint.counted ? '' : ' Outside the limits.'}`,
    };
  });
}

/** The pages for people and the other documents: an agent calls the API instead. */
function pageLines(served: GuideExamples): IndexLine[] {
  const listed = new Set([GUIDE_PATH, ...READING.map(([path]) => path)]);
  return DOCUMENTS.filter((d) => !listed.has(d.path)).map((d) => {
    const example = served.examples[d.path];
    const answers = served.from === 'served' || d.counted !== true;
    return {
      title: `GET ${d.path}`,
      href: example !== undefined && answers ? encodedCall(example.call) : null,
      note: `${d.summary}.${d.counted === true ? ' Counted like the API call it stands for.' : ''}`,
    };
  });
}
