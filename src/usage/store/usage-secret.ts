// The usage log's HMAC key: KOHYO_USAGE_SECRET, or one generated once and kept in a file beside the database.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createAtomically } from '../../store/write/create-atomically.js';
import { dirname } from 'node:path';
import { errorCodeOf } from '../../lib/error-of.js';

/** The file that keeps a generated secret: `<KOHYO_DB>.usage-secret`, readable by the owner only. */
export function usageSecretPath(dbPath: string): string {
  return `${dbPath}.usage-secret`;
}

/**
 * The configured secret, else the one kept in the file, else a new one written there. Kept rather than
 * generated per start so that a client's identifier stays the same across restarts and reports.
 */
export function loadUsageSecret(config: { readonly usageSecret: string | null; readonly dbPath: string }): string {
  if (config.usageSecret !== null) return config.usageSecret;
  const path = usageSecretPath(config.dbPath);
  const kept = readKept(path);
  if (kept !== null) return kept;
  const secret = randomBytes(32).toString('hex');
  // created atomically (createAtomically): workers starting together agree on one secret and none can read a half-written file
  // the limiter may ask before the dataset's directory is made (the server makes it first)
  mkdirSync(dirname(path), { recursive: true });
  if (createAtomically(path, `${secret}\n`, 0o600)) return secret;
  const other = readKept(path);
  if (other === null) throw new Error(`the usage secret file ${path} is empty`);
  return other;
}

function readKept(path: string): string | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? null : text;
  } catch (error) {
    if (errorCodeOf(error) === 'ENOENT') return null;
    throw error;
  }
}
