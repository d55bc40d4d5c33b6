// How a setting's text is read: each reader validates the variable's text and gives its value, or throws a
// ConfigError naming the setting (config.ts's table names a reader for each setting).
import { isIPv6 } from 'node:net';
import { AddressError, parseManifestUrl } from './domain/published-dataset.js';
import { bareHostname } from './lib/ip-address.js';

export class ConfigError extends Error {}

/** One setting: the variable it is read from, its default (as the variable would write it), its reader and meaning. */
export interface Setting<T> {
  readonly name: string;
  readonly default: string;
  readonly description: string;
  /** The value from the variable's text (trimmed; the default when empty); throws a ConfigError naming the setting. */
  readonly read: (text: string, name: string) => T;
}

export const setting = <T>(
  name: string,
  defaultText: string,
  read: Setting<T>['read'],
  description: string,
): Setting<T> => ({
  name,
  default: defaultText,
  read,
  description,
});

export const text = (value: string): string => value;
export const optional = (value: string): string | null => (value === '' ? null : value);
export const list = (value: string): readonly string[] =>
  Object.freeze(
    value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  );
export const whole =
  (min: number, max: number) =>
  (value: string, name: string): number => {
    const parsed = Number(value);
    if (!/^\d+$/u.test(value) || !Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
    }
    return parsed;
  };

/** A whole number in range, or null when the variable is empty (a default worked out at start). */
export const optionalWhole =
  (min: number, max: number) =>
  (value: string, name: string): number | null =>
    value === '' ? null : whole(min, max)(value, name);

/**
 * KOHYO_ADDRESS_LIMIT_FACTOR: 0 or from 2. At 1 an address's quotas would be one client's: a client is refused at
 * its own, so it could use up its address's for every other client there, which no rule of an address may let it do.
 */
export function addressFactor(value: string, name: string): number {
  const factor = /^\d+$/u.test(value) ? Number(value) : Number.NaN;
  if (factor === 0 || (factor >= 2 && factor <= 1000)) return factor;
  const why = factor === 1 ? ": at 1 one client could use up its address's quotas for every other client there" : '';
  throw new ConfigError(
    `${name} must be 0 (no limits per address) or a whole number from 2 to 1000, got "${value}"${why}`,
  );
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function logLevel(value: string, name: string): string {
  if (!LOG_LEVELS.includes(value))
    throw new ConfigError(`${name} must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

export function manifestUrl(value: string, name: string): string | null {
  if (value === '') return null;
  try {
    parseManifestUrl(value);
  } catch (error) {
    if (error instanceof AddressError) throw new ConfigError(`${name}: ${error.message}`);
    throw error;
  }
  return value;
}

export function publicUrl(value: string, name: string): string | null {
  if (value === '') return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    throw new ConfigError(`${name} must be an http or https address without user, query or fragment, got "${value}"`);
  }
  // the links are written as this base and a path starting with /
  return url.href.replace(/\/$/u, '');
}

/** Host names and addresses, each as a URL's hostname writes it (lower case, punycode, IPv6 without brackets). */
export function hostNames(value: string, name: string): readonly string[] {
  return Object.freeze(
    list(value).map((entry) => {
      const bare = bareHostname(entry);
      const address = `http://${isIPv6(bare) ? `[${bare}]` : bare}/`;
      const url = URL.canParse(address) && (isIPv6(bare) || !bare.includes(':')) ? new URL(address) : null;
      if (url === null || url.username !== '' || url.pathname !== '/' || url.search !== '')
        throw new ConfigError(`${name} names hosts, without scheme, port or path, got "${entry}"`);
      return bareHostname(url.hostname);
    }),
  );
}
