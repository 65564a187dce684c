import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { refusedRangeOf } from '../../lib/outbound/address-policy.js';

/**
 * Which addresses a listing's status ping may connect to. A user types any host name, so without
 * a check the worker could be made to probe this machine or its private networks (server-side
 * request forgery): every address the host resolves to must be globally routable
 * (lib/outbound/address-policy.ts), and the ping connects to exactly the address that was checked.
 * The exceptions: the exact `host:port` pairs of OUTBOUND_ALLOW_HOSTS (development and tests only;
 * the configuration refuses it in production), and listings of servers hosted here, whose address
 * is the operator's own node, not a user's choice.
 */
export interface ListingAddressPolicy {
  /** Lower-case `host:port` pairs allowed to resolve to loopback or private addresses. */
  allowHosts: readonly string[];
  /** Resolves a host name to its addresses (tests pass their own). */
  resolve?: (hostname: string) => Promise<Array<{ address: string }>>;
}

/** Why an address may not be pinged, in a sentence naming the field. */
export class ListingAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListingAddressError';
  }
}

const defaultResolve = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

/** The one IP address to ping for `host:port`; throws a ListingAddressError when it may not be reached. */
export async function checkedListingAddress(host: string, port: number, policy: ListingAddressPolicy, trusted = false): Promise<string> {
  const hostname = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string }>;
  if (isIP(hostname)) addresses = [{ address: hostname }];
  else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(hostname);
    } catch {
      throw new ListingAddressError(`host: ${hostname} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new ListingAddressError(`host: ${hostname} has no address`);
  const allowed = trusted || policy.allowHosts.includes(`${host.toLowerCase()}:${port}`);
  if (!allowed) {
    for (const { address } of addresses) {
      const range = refusedRangeOf(address);
      if (range) throw new ListingAddressError(`host: ${hostname} resolves to a ${range} address, which public listings may not use`);
    }
  }
  return addresses[0]!.address;
}
