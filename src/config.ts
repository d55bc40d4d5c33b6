// Every setting of the service, read once from the environment, validated, defaulted and frozen.
// Nothing else reads process.env.
import { AddressError, parseManifestUrl } from './domain/published-dataset.js';
import { DEFAULT_DELISTED_RETENTION_DAYS } from './domain/listing.js';

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dbPath: string;
  readonly redisUrl: string | null;
  readonly logLevel: string;
  readonly maxPage: number;
  readonly freshHours: number;
  readonly limits: {
    readonly perMinute: number;
    readonly perDay: number;
    readonly enumDistinctTerms: number;
    readonly enumWindowSeconds: number;
    readonly enumSequential: number;
    readonly enumCooldownSeconds: number;
    /** The per-address ceiling as a multiple of the per-client limits; 0 when there is none. */
    readonly addressFactor: number;
  };
  readonly trustProxy: readonly string[];
  readonly usageSecret: string | null;
  readonly usageDbPath: string | null;
  readonly workers: number;
  /** Days a delisted record is kept after its last listing; 0 drops it when it leaves its source's list. */
  readonly delistedRetentionDays: number;
  /** Put in the collectors' User-Agent so that a publisher can reach the operator; null when unset. */
  readonly collectContact: string | null;
  /** Company-search answers kept per dataset; 0 turns the cache off. */
  readonly answerCacheEntries: number;
  /** The operator's URL or e-mail address, given as the OpenAPI document's contact and on the landing page; null when unset. */
  readonly contact: string | null;
  /** CIDRs whose requests may read /metrics. */
  readonly metricsAllow: readonly string[];
  /** The manifest of a published dataset this server follows (a replica); null when it serves KOHYO_DB as it is. */
  readonly datasetUrl: string | null;
  readonly datasetPollSeconds: number;
  /** An S3-compatible store's endpoint for s3:// addresses; null for AWS itself. */
  readonly s3Endpoint: string | null;
}

/** One documented setting: its variable, default and meaning (the README table is checked against this). */
export interface SettingDoc {
  readonly name: string;
  readonly default: string;
  readonly description: string;
}

export const SETTINGS: readonly SettingDoc[] = [
  { name: 'HOST', default: '127.0.0.1', description: 'address to listen on' },
  { name: 'PORT', default: '3000', description: 'port to listen on' },
  { name: 'KOHYO_DB', default: 'data/kohyo.sqlite', description: 'the SQLite dataset; built from the demo data when missing' },
  { name: 'REDIS_URL', default: '', description: 'Redis holding rate-limit and enumeration state shared by several processes' },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino log level (fatal, error, warn, info, debug, trace, silent)' },
  { name: 'KOHYO_MAX_PAGE', default: '10', description: 'highest `page` the paged endpoints accept' },
  { name: 'KOHYO_FRESH_HOURS', default: '48', description: 'a source collected within this many hours is `fresh`' },
  { name: 'KOHYO_LIMIT_PER_MINUTE', default: '10', description: 'requests per client in any 60 seconds' },
  { name: 'KOHYO_LIMIT_PER_DAY', default: '300', description: 'requests per client in any 24 hours' },
  { name: 'KOHYO_ENUM_DISTINCT_TERMS', default: '30', description: 'distinct search terms per client within the window that count as enumeration' },
  { name: 'KOHYO_ENUM_WINDOW_S', default: '600', description: 'the window of the distinct-terms rule, in seconds' },
  { name: 'KOHYO_ENUM_SEQUENTIAL', default: '5', description: 'Corporate Number look-ups in a sequential run that count as enumeration' },
  { name: 'KOHYO_ENUM_COOLDOWN_S', default: '3600', description: 'how long an enumerating client is refused, in seconds' },
  { name: 'KOHYO_ADDRESS_LIMIT_FACTOR', default: '3', description: 'one address (IPv4, or IPv6 /64, after trusted proxies) may send this many times the per-minute and per-day limits and distinct terms of one client, whatever User-Agents and client names it uses; a sequential Corporate Number run counts per address as per client; `0` turns the address ceiling off (for clients that all come through one address you trust)' },
  { name: 'KOHYO_TRUST_PROXY', default: '', description: 'comma-separated CIDRs of proxies whose X-Forwarded-For is believed' },
  { name: 'KOHYO_USAGE_SECRET', default: '', description: 'HMAC key for the client identifier in the usage log; generated and kept beside the database when empty' },
  { name: 'KOHYO_USAGE_DB', default: '', description: 'the usage log database; beside KOHYO_DB (`<name>.usage.sqlite`) when empty' },
  { name: 'KOHYO_WORKERS', default: '1', description: 'number of server processes (more than one needs REDIS_URL)' },
  { name: 'KOHYO_ANSWER_CACHE_ENTRIES', default: '10000', description: 'company-search answers kept for the dataset being served (shared by `/companies`, `company=` and `/search`, emptied when a new dataset is published, at most 64 MiB); `0` turns the cache off' },
  { name: 'KOHYO_CONTACT', default: '', description: "a URL or e-mail address where clients reach the service's operator, given as the OpenAPI document's contact and on the landing page" },
  { name: 'KOHYO_METRICS_ALLOW', default: '127.0.0.1/32,::1/128', description: 'comma-separated CIDRs (of the socket peer, never X-Forwarded-For) allowed to read `/metrics`; others get 404' },
  { name: 'KOHYO_DATASET_URL', default: '', description: 'the manifest of a published dataset to follow (`https://…/manifest.json`, `s3://bucket/prefix/manifest.json` or `file:///dir/manifest.json`): a new version is downloaded beside `KOHYO_DB`, checked and switched to' },
  { name: 'KOHYO_DATASET_POLL_S', default: '60', description: 'how often a replica reads the manifest of `KOHYO_DATASET_URL`, in seconds' },
  { name: 'KOHYO_S3_ENDPOINT', default: '', description: "the endpoint of an S3-compatible store (MinIO, R2, …) for `s3://` addresses, with path-style addressing; empty for AWS itself (credentials and region from the SDK's `AWS_*` variables)" },
  {
    name: 'KOHYO_DELISTED_RETENTION_DAYS',
    default: String(DEFAULT_DELISTED_RETENTION_DAYS),
    description: "days a collection keeps a record its source's list no longer holds (`listing.status` `delisted`), counted from its `last_listed_on` to the new edition's date; `0` drops a record when it leaves the list",
  },
  { name: 'KOHYO_COLLECT_CONTACT', default: '', description: 'a URL or e-mail address the collectors name in their User-Agent, so that publishers can reach the operator' },
];

export class ConfigError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

export function loadConfig(env: Env): Config {
  const text = (name: string): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? defaultOf(name) : value;
  };
  const int = (name: string, min: number, max: number): number => {
    const raw = text(name);
    const value = Number(raw);
    if (!/^\d+$/u.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return value;
  };
  const optional = (name: string): string | null => (text(name) === '' ? null : text(name));
  const list = (name: string): readonly string[] => Object.freeze(text(name).split(',').map((s) => s.trim()).filter((s) => s !== ''));
  return Object.freeze({
    host: text('HOST'),
    port: int('PORT', 0, 65535),
    dbPath: text('KOHYO_DB'),
    redisUrl: optional('REDIS_URL'),
    logLevel: logLevel(text('LOG_LEVEL')),
    maxPage: int('KOHYO_MAX_PAGE', 1, 1000),
    freshHours: int('KOHYO_FRESH_HOURS', 1, 24 * 365),
    limits: Object.freeze({
      perMinute: int('KOHYO_LIMIT_PER_MINUTE', 1, 1_000_000),
      perDay: int('KOHYO_LIMIT_PER_DAY', 1, 100_000_000),
      enumDistinctTerms: int('KOHYO_ENUM_DISTINCT_TERMS', 1, 1_000_000),
      enumWindowSeconds: int('KOHYO_ENUM_WINDOW_S', 1, 86_400 * 7),
      enumSequential: int('KOHYO_ENUM_SEQUENTIAL', 2, 1000),
      enumCooldownSeconds: int('KOHYO_ENUM_COOLDOWN_S', 0, 86_400 * 30),
      addressFactor: int('KOHYO_ADDRESS_LIMIT_FACTOR', 0, 1000),
    }),
    trustProxy: list('KOHYO_TRUST_PROXY'),
    usageSecret: optional('KOHYO_USAGE_SECRET'),
    usageDbPath: optional('KOHYO_USAGE_DB'),
    workers: int('KOHYO_WORKERS', 1, 64),
    delistedRetentionDays: int('KOHYO_DELISTED_RETENTION_DAYS', 0, 36_500),
    collectContact: optional('KOHYO_COLLECT_CONTACT'),
    answerCacheEntries: int('KOHYO_ANSWER_CACHE_ENTRIES', 0, 10_000_000),
    contact: optional('KOHYO_CONTACT'),
    metricsAllow: list('KOHYO_METRICS_ALLOW'),
    datasetUrl: manifestUrl(optional('KOHYO_DATASET_URL')),
    datasetPollSeconds: int('KOHYO_DATASET_POLL_S', 1, 86_400),
    s3Endpoint: optional('KOHYO_S3_ENDPOINT'),
  });
}

function defaultOf(name: string): string {
  const setting = SETTINGS.find((s) => s.name === name);
  if (!setting) throw new Error(`setting ${name} is not documented in SETTINGS`);
  return setting.default;
}

function manifestUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    parseManifestUrl(value);
  } catch (error) {
    if (error instanceof AddressError) throw new ConfigError(`KOHYO_DATASET_URL: ${error.message}`);
    throw error;
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevel(value: string): string {
  if (!LOG_LEVELS.includes(value)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}
