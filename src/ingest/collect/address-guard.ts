// Where a collector may connect: a public address only, checked on the address each connection is made to (the list,
// every redirect hop, every linked file), unless the operator names the host in KOHYO_FETCH_ALLOW_HOSTS.
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { bareHostname, nonPublicRange } from '../../lib/ip-address.js';

/** The setting that names the hosts a collector may reach whatever their addresses (config.ts). */
const ALLOW_HOSTS_SETTING = 'KOHYO_FETCH_ALLOW_HOSTS';

/** The code of a refusal, as errorCodeOf reads it: the fetcher tells it from a network's failures by it. */
export const NON_PUBLIC_ADDRESS = 'KOHYO_NON_PUBLIC_ADDRESS';

/** Each of ipaddr.js's ranges in words; any other is named as ipaddr.js names it. */
const RANGE_WORDS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private address (RFC 1918)',
  linkLocal: 'a link-local address (the cloud metadata service among them)',
  carrierGradeNat: "a carrier-grade NAT's address (100.64.0.0/10)",
  uniqueLocal: 'a unique local address (fc00::/7)',
  unspecified: 'the unspecified address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved or documentation address',
  invalid: 'no address',
};

/** A connection refused before it was made: the host is, or resolves to, an address that is not public. */
class NonPublicAddressError extends Error {
  override readonly name = 'NonPublicAddressError';
  readonly code = NON_PUBLIC_ADDRESS;
  constructor(host: string, range: string, resolved: boolean) {
    const what = RANGE_WORDS[range] ?? `an address of the ${range} range`;
    // the address a name resolved to is left unsaid: the error is published (last_error), the operator's DNS is not
    super(
      `${host} ${resolved ? 'resolves to' : 'is'} ${what}, not a public one: a collector reaches such a host only when ${ALLOW_HOSTS_SETTING} names it`,
    );
  }
}

/**
 * The connector of the collectors' agent: a host `allowHosts` names is connected to as it resolves; any other only to a
 * public address. An address in the URL is checked as it is; a name is resolved once, every address it resolves to is
 * checked, and the connection is made to those (node:net connects to what the lookup gives), so that a name cannot
 * resolve to a public address for the check and to another for the connection.
 */
export function guardedConnector(options: {
  readonly timeout: number;
  readonly allowHosts: readonly string[];
}): buildConnector.connector {
  const allowed = new Set(options.allowHosts.map((host) => bareHostname(host.toLowerCase())));
  const open = buildConnector({ timeout: options.timeout });
  const checked = buildConnector({ timeout: options.timeout, lookup: publicLookup });
  return (connection, callback) => {
    const host = bareHostname(connection.hostname);
    if (allowed.has(host)) return open(connection, callback);
    if (isIP(host) === 0) return checked(connection, callback);
    const range = nonPublicRange(host);
    if (range !== null) return callback(new NonPublicAddressError(host, range, false), null);
    return open(connection, callback);
  };
}

/** dns.lookup, every address it gives checked: one that is not public fails the lookup, naming its range. */
const publicLookup: LookupFunction = (hostname, options: LookupOptions, callback) => {
  const all: LookupAllOptions = { ...options, all: true };
  lookup(hostname, all, (error, addresses: LookupAddress[]) => {
    if (error !== null) return callback(error, '', 0);
    for (const { address } of addresses) {
      const range = nonPublicRange(address);
      if (range !== null) return callback(new NonPublicAddressError(hostname, range, true), '', 0);
    }
    const [first] = addresses;
    if (options.all === true) return callback(null, addresses);
    if (first === undefined)
      return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    return callback(null, first.address, first.family);
  });
};
