// The usage log database's schema, as numbered migrations (its own file and version line, apart from the dataset's).
import { latestVersion } from '../../store/schema/migrate.js';

export interface UsageMigration {
  readonly version: number;
  readonly sql: string;
}

export const USAGE_MIGRATIONS: readonly UsageMigration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE usage_log (
        id             INTEGER PRIMARY KEY,
        at             TEXT    NOT NULL, -- RFC 3339 UTC with milliseconds: fixed width, so text order is time order
        method         TEXT    NOT NULL,
        endpoint       TEXT    NOT NULL,
        conditions     TEXT    NOT NULL, -- JSON object of the normalised query parameters
        status         INTEGER NOT NULL,
        code           TEXT,
        returned       INTEGER,
        latency_ms     REAL    NOT NULL,
        client_id      TEXT    NOT NULL, -- HMAC of the client's network; the address itself is never stored
        user_agent     TEXT,
        referer        TEXT,
        client_name    TEXT,
        client_contact TEXT
      );
      CREATE INDEX usage_log_at ON usage_log(at);
      CREATE INDEX usage_log_endpoint ON usage_log(endpoint, at);
      CREATE INDEX usage_log_status ON usage_log(status, code, at);
      CREATE INDEX usage_log_client ON usage_log(client_id, at);
      CREATE INDEX usage_log_client_name ON usage_log(client_name, at);
    `,
  },
  {
    version: 2,
    // every report reads a time range (at >= ?) and groups what it finds: the index on \`at\` serves them all, and the
    // other four cost each request's entry four more index writes
    sql: `
      DROP INDEX usage_log_endpoint;
      DROP INDEX usage_log_status;
      DROP INDEX usage_log_client;
      DROP INDEX usage_log_client_name;
    `,
  },
  {
    version: 3,
    // answers that do not count (a 304, a refusal, /api/v1/vocabularies, the OpenAPI document, a CORS preflight) are
    // tallied by the hour instead of written one row each: a flood of them grows a row per hour, endpoint, status and
    // client network, not per request. code is '' when the answer has none (a key column is never NULL).
    sql: `
      CREATE TABLE usage_counts (
        hour      TEXT    NOT NULL, -- the hour's start, RFC 3339 UTC with milliseconds, as usage_log.at
        method    TEXT    NOT NULL,
        endpoint  TEXT    NOT NULL,
        status    INTEGER NOT NULL,
        code      TEXT    NOT NULL,
        client_id TEXT    NOT NULL,
        requests  INTEGER NOT NULL,
        PRIMARY KEY (hour, endpoint, method, status, code, client_id)
      ) WITHOUT ROWID;
    `,
  },
];

export const USAGE_SCHEMA_VERSION = latestVersion(USAGE_MIGRATIONS);
