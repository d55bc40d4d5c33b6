// Every setting of the service, read once from the environment, validated, defaulted and frozen: one table gives
// each setting's variable, default, reader and meaning, and the Config type, loadConfig and SETTINGS (docs/operating.md's
// table and `--help`) all come from it. Nothing else reads process.env.
import {
  addressFactor,
  hostNames,
  list,
  logLevel,
  manifestUrl,
  optional,
  optionalWhole,
  publicUrl,
  setting,
  text,
  whole,
  type Setting,
} from './config-readers.js';
import { DEFAULT_DELISTED_RETENTION_DAYS } from './domain/records/listing.js';
import { BOUNDS, DEFAULT_PARSE_BUDGET, type ParseBound } from './ingest/parsers/parse-budget.js';

/** A parse bound's setting: its variable and default from parse-budget.ts, a file past it fails its source alone. */
function bound(key: ParseBound, min: number, max: number, description: string): Setting<number> {
  return setting(
    BOUNDS[key].setting,
    String(DEFAULT_PARSE_BUDGET[key]),
    whole(min, max),
    `${description}; a file past it fails its source alone, naming the bound`,
  );
}

/** The settings, in the order they are documented; a nested table is a nested part of Config. */
const TABLE = {
  host: setting('HOST', '127.0.0.1', text, 'address to listen on'),
  port: setting('PORT', '3000', whole(0, 65535), 'port to listen on'),
  dbPath: setting('KOHYO_DB', 'data/kohyo.sqlite', text, 'the SQLite dataset; built from the demo data when missing'),
  redisUrl: setting(
    'REDIS_URL',
    '',
    optional,
    'Redis holding rate-limit and enumeration state shared by several processes',
  ),
  logLevel: setting('LOG_LEVEL', 'info', logLevel, 'pino log level (fatal, error, warn, info, debug, trace, silent)'),
  maxPage: setting('KOHYO_MAX_PAGE', '10', whole(1, 1000), 'highest `page` the paged endpoints accept'),
  freshHours: setting(
    'KOHYO_FRESH_HOURS',
    '48',
    whole(1, 24 * 365),
    'a source collected within this many hours is `fresh`',
  ),
  limits: {
    perMinute: setting('KOHYO_LIMIT_PER_MINUTE', '10', whole(1, 1_000_000), 'requests per client in any 60 seconds'),
    perDay: setting('KOHYO_LIMIT_PER_DAY', '300', whole(1, 100_000_000), 'requests per client in any 24 hours'),
    enumDistinctTerms: setting(
      'KOHYO_ENUM_DISTINCT_TERMS',
      '30',
      whole(1, 1_000_000),
      'distinct search terms per client within the window that count as enumeration',
    ),
    enumWindowSeconds: setting(
      'KOHYO_ENUM_WINDOW_S',
      '600',
      whole(1, 86_400 * 7),
      'the window of the distinct-terms rule, in seconds',
    ),
    enumSequential: setting(
      'KOHYO_ENUM_SEQUENTIAL',
      '5',
      whole(2, 1000),
      'Corporate Number look-ups in a sequential run that count as enumeration',
    ),
    enumCooldownSeconds: setting(
      'KOHYO_ENUM_COOLDOWN_S',
      '3600',
      whole(0, 86_400 * 30),
      'how long an enumerating client is refused, in seconds',
    ),
    addressFactor: setting(
      'KOHYO_ADDRESS_LIMIT_FACTOR',
      '3',
      addressFactor,
      "one address (IPv4, or IPv6 /64, after trusted proxies) may send this many times the per-minute and per-day limits and distinct terms of one client, whatever User-Agents and client names it uses, and each of its clients may take this share (one in this many) of its ceilings on uncounted answers and on refusals, so that no client fills its address alone; a sequential Corporate Number run refuses its whole address only when spread over several of its clients (two of its numbers or more looked up by clients other than the one that looked up the most), for `KOHYO_ENUM_COOLDOWN_S` in proportion to the clients in it over `KOHYO_ENUM_SEQUENTIAL`, at least a minute; `0` turns every rule on an address as a whole off (for clients that all come through one address you trust); never `1`, at which one client could use up its address's quotas",
    ),
    uncountedPerMinute: setting(
      'KOHYO_UNCOUNTED_PER_MINUTE',
      '600',
      whole(1, 1_000_000),
      'answers that do not count against the limits (304s, vocabularies, `openapi.json`, `/llms.txt`, `/llms-full.txt`, `/docs` and its files, preflights, `/health`, each MCP message that is not a call, refusals of malformed requests outside `/api/v1/`) one address may have in any 60 seconds, in this process, each of its clients its share (`KOHYO_ADDRESS_LIMIT_FACTOR`); past a client\'s share, 429 `rate_limited` with `details.scope` `"client"`; past the address\'s, which takes several clients, `"address"`',
    ),
    uncountedBytesPerMinute: setting(
      'KOHYO_UNCOUNTED_BYTES_PER_MINUTE',
      '16777216',
      whole(1024, 1_000_000_000_000),
      "bytes of those answers (as sent, compressed or not) one address may have in any 60 seconds, in this process, each of its clients its share; an answer is sent whole, and past it the next one is refused as past `KOHYO_UNCOUNTED_PER_MINUTE` (the address counts each client's bytes up to its share)",
    ),
    refusalsPerMinute: setting(
      'KOHYO_REFUSALS_PER_MINUTE',
      '120',
      whole(1, 1_000_000),
      'refusals (429s of any code, and the answers to requests Node\'s parser refuses, which count as one client of their address) one address may have in any 60 seconds, in this process, each of its clients its share (`KOHYO_ADDRESS_LIMIT_FACTOR`); past its share a client is dropped for `KOHYO_REFUSAL_DROP_S`: each of its connections gets one answer, half a second after its request, 429 `rate_limited` (`details.scope` `"client"`, `Retry-After` the seconds the drop has left, a page for a browser), and is then held, read no further, until the drop ends (behind a proxy named in `KOHYO_TRUST_PROXY`, its requests are refused at once, before any other work); past the whole, refused to several clients (each counted up to its share), the address is dropped alike (`"address"`); while an address, or the client its unreadable requests make, is dropped, a request the parser refuses from it is not answered and its connection closed; never another address\'s',
    ),
    refusalDropSeconds: setting(
      'KOHYO_REFUSAL_DROP_S',
      '60',
      whole(1, 86_400),
      'how long a client or an address past `KOHYO_REFUSALS_PER_MINUTE` is dropped, in seconds',
    ),
  },
  connections: {
    perAddress: setting(
      'KOHYO_MAX_CONNECTIONS_PER_ADDRESS',
      '32',
      whole(1, 1_000_000),
      "open connections one address (IPv4, or IPv6 /64, of the socket peer) is served at once; a connection past it waits, unread, until one of the address's own closes (those of its connections that hold no request under way and have sat idle a second are closed to make room for it; up to four times as many wait; past that a new one is closed at once), never taking another address's; proxies named in `KOHYO_TRUST_PROXY` are not capped (the proxy bounds its own clients)",
    ),
    perNetwork: setting(
      'KOHYO_MAX_CONNECTIONS_PER_NETWORK',
      '256',
      whole(1, 10_000_000),
      'open connections one network (IPv4 /24, IPv6 /48, of the socket peer) is served at once, all its addresses together; a connection past it waits as one past `KOHYO_MAX_CONNECTIONS_PER_ADDRESS` does',
    ),
    total: setting(
      'KOHYO_MAX_CONNECTIONS',
      '',
      optionalWhole(1, 10_000_000),
      'open connections in all (served and waiting); from half of it on, the time a connection has to send a request head shortens (to a third of `KOHYO_REQUEST_TIMEOUT_S` at the cap), and at the cap a connection of an address that holds fewer than four takes the place of the oldest waiting one, else of the one idle longest without a request under way; any other is closed at once; when empty, three quarters of the open-file limit',
    ),
    keepAliveSeconds: setting(
      'KOHYO_KEEP_ALIVE_S',
      '5',
      whole(1, 600),
      'how long an idle keep-alive connection is kept open, in seconds',
    ),
    sendTimeoutSeconds: setting(
      'KOHYO_SEND_TIMEOUT_S',
      '30',
      whole(1, 3600),
      'how long a connection may go without taking any of its answer (or sending any request), in seconds; then it is closed and the answer it held freed',
    ),
  },
  trustProxy: setting(
    'KOHYO_TRUST_PROXY',
    '',
    list,
    'comma-separated CIDRs of proxies whose X-Forwarded-For is believed',
  ),
  usageSecret: setting(
    'KOHYO_USAGE_SECRET',
    '',
    optional,
    "HMAC key for the client identifier in the usage log and, with `REDIS_URL`, for the limiter's keys in Redis; generated and kept beside the database when empty (give several machines sharing one Redis the same value)",
  ),
  usageDbPath: setting(
    'KOHYO_USAGE_DB',
    '',
    optional,
    'the usage log database; beside KOHYO_DB (`<name>.usage.sqlite`) when empty',
  ),
  workers: setting('KOHYO_WORKERS', '1', whole(1, 64), 'number of server processes (more than one needs REDIS_URL)'),
  requestTimeoutSeconds: setting(
    'KOHYO_REQUEST_TIMEOUT_S',
    '30',
    whole(1, 3600),
    'how long a client may take to send a whole request (its line, headers and body), in seconds; a slower one is answered 408 `request_timeout` and its connection closed',
  ),
  closeGraceSeconds: setting(
    'KOHYO_CLOSE_GRACE_S',
    '10',
    whole(0, 600),
    'on SIGTERM or SIGINT, how long requests under way may take to finish before their connections are cut, in seconds; a connection that has sent no request yet is closed at once',
  ),
  answerCacheEntries: setting(
    'KOHYO_ANSWER_CACHE_ENTRIES',
    '10000',
    whole(0, 10_000_000),
    'company-search answers kept for the dataset being served (shared by `/companies`, `company=` and `/search`, emptied when a new dataset is published, at most 64 MiB); `0` turns the cache off',
  ),
  dbCacheMiB: setting(
    'KOHYO_DB_CACHE_MB',
    '2048',
    whole(2, 65_536),
    "SQLite's page cache for the dataset being served, in MiB per server process (each worker has its own): the file is read through a memory map as far as the SQLite build maps (2 GB in better-sqlite3's own build, the whole file in the image's), the rest through this cache, which grows only as pages are read; at all Japan (a file of about 6 GB) past a 2 GB map, the pages it does not hold are the kernel's to drop, and answers after a quiet spell waited for the disk",
  ),
  mcpMaxBatch: setting(
    'KOHYO_MCP_MAX_BATCH',
    '10',
    whole(1, 1000),
    'most messages in one JSON-RPC batch posted to `/mcp`; a larger batch is refused whole with 400 `invalid_parameter` (each tool call in a batch counts against the limits as one request)',
  ),
  contact: setting(
    'KOHYO_CONTACT',
    '',
    optional,
    "a URL or e-mail address where clients reach the service's operator, given as the OpenAPI document's contact and on the landing page",
  ),
  publicUrl: setting(
    'KOHYO_PUBLIC_URL',
    '',
    publicUrl,
    "the service's public address (`https://kohyo.example`, or with a path it is served under), on which the Atom feeds write their absolute links; when empty, the request's `Host` if it is a well-formed host[:port], else `http://localhost`",
  ),
  metricsAllow: setting(
    'KOHYO_METRICS_ALLOW',
    '127.0.0.1/32,::1/128',
    list,
    'comma-separated CIDRs (of the socket peer, never X-Forwarded-For) allowed to read `/metrics`; others get 404',
  ),
  datasetUrl: setting(
    'KOHYO_DATASET_URL',
    '',
    manifestUrl,
    'the manifest of a published dataset to follow (`https://…/manifest.json`, `s3://bucket/prefix/manifest.json` or `file:///dir/manifest.json`): a new version is downloaded beside `KOHYO_DB`, checked and switched to',
  ),
  datasetPollSeconds: setting(
    'KOHYO_DATASET_POLL_S',
    '60',
    whole(1, 86_400),
    'how often a replica reads the manifest of `KOHYO_DATASET_URL`, in seconds',
  ),
  s3Endpoint: setting(
    'KOHYO_S3_ENDPOINT',
    '',
    optional,
    "the endpoint of an S3-compatible store (MinIO, R2, …) for `s3://` addresses, with path-style addressing; empty for AWS itself (credentials and region from the SDK's `AWS_*` variables)",
  ),
  delistedRetentionDays: setting(
    'KOHYO_DELISTED_RETENTION_DAYS',
    String(DEFAULT_DELISTED_RETENTION_DAYS),
    whole(0, 36_500),
    "days a collection keeps a record its source's list no longer holds (`listing.status` `delisted`), counted from its `last_listed_on` to the new edition's date; `0` drops a record when it leaves the list",
  ),
  collectContact: setting(
    'KOHYO_COLLECT_CONTACT',
    '',
    optional,
    'a URL or e-mail address the collectors name in their User-Agent, so that publishers can reach the operator',
  ),
  sourcesDir: setting(
    'KOHYO_SOURCES_DIR',
    '',
    optional,
    "the folder of the operator's table sources, one file each (`<id>.yaml`, `.yml` or `.json`, docs/data-sources.md), read by `kohyo sources`, `sources try` and `collect` each time one runs, with no build; `sources propose --write` writes there; when empty, `sources/` beside `KOHYO_DB`; a folder that does not exist holds none",
  ),
  fetchAllowHosts: setting(
    'KOHYO_FETCH_ALLOW_HOSTS',
    '',
    hostNames,
    'hosts (names or addresses, comma-separated, as a URL writes them) the collectors, `sources try --url` and `sources propose --url` may reach whatever address they resolve to; any other host is reached only at a public address (no loopback, private, link-local, carrier-grade NAT, unique local, reserved, multicast or unspecified one), checked on every redirect and linked file',
  ),
  /** The bounds each file a collection reads is parsed under (ingest/parsers/parse-budget.ts). */
  parse: {
    seconds: bound('seconds', 1, 86_400, 'seconds one file of a list may take to parse; then its thread is ended'),
    memoryMb: bound('memoryMb', 64, 65_536, 'MiB of JavaScript heap the thread that parses one file may use'),
    pages: bound('pages', 1, 1_000_000, 'pages a PDF list may have'),
    operators: bound('operators', 1000, 1_000_000_000, 'drawing and text operators a PDF list may hold, all pages'),
    inflatedMb: bound(
      'inflatedMb',
      1,
      65_536,
      "MiB a compressed list may inflate to: an xlsx's zip entries, a PDF's compressed streams, all together",
    ),
    rows: bound('rows', 100, 100_000_000, 'rows a table of a list may have (a sheet up to its last cell)'),
    cells: bound('cells', 1000, 1_000_000_000, "a sheet's rows × columns, up to its last cell"),
    listRows: bound(
      'listRows',
      1,
      100_000_000,
      "rows a list may have, its files together (each row read under a table's header, kept as a record or skipped; a parser of its own, its records and skipped rows), counted in the parsing thread, which stops reading a CSV past it: the collection's memory and the dataset grow with a list's rows",
    ),
  },
} as const;

/** A table of settings, nested or not. */
interface Table {
  readonly [key: string]: Setting<unknown> | Table;
}

/** The values a table's settings read to, in the table's shape. */
type ValuesOf<T> = { readonly [K in keyof T]: T[K] extends Setting<infer V> ? V : ValuesOf<T[K]> };

export type Config = ValuesOf<typeof TABLE>;

/** One documented setting: its variable, default and meaning (docs/operating.md's table is checked against this). */
export interface SettingDoc {
  readonly name: string;
  readonly default: string;
  readonly description: string;
}

const isSetting = (entry: Setting<unknown> | Table): entry is Setting<unknown> => typeof entry.read === 'function';

function settingsOf(table: Table): SettingDoc[] {
  return Object.values(table).flatMap((entry) =>
    isSetting(entry)
      ? [{ name: entry.name, default: entry.default, description: entry.description }]
      : settingsOf(entry),
  );
}

export const SETTINGS: readonly SettingDoc[] = settingsOf(TABLE);

type Env = Readonly<Record<string, string | undefined>>;

function read(table: Table, env: Env): Readonly<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(table)) {
    if (isSetting(entry)) {
      const given = env[entry.name]?.trim();
      values[key] = entry.read(given === undefined || given === '' ? entry.default : given, entry.name);
    } else {
      values[key] = read(entry, env);
    }
  }
  return Object.freeze(values);
}

export function loadConfig(env: Env): Config {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- read() gives each key of TABLE the value its setting's reader returns, nested as the table nests: the shape ValuesOf<typeof TABLE> names, which a loop over Object.entries cannot carry
  return read(TABLE, env) as Config;
}
