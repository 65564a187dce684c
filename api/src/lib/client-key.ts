import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Who a download is counted for: the IPv4 address, or the /64 network of an IPv6 address
 * (one household or machine), hashed so addresses are never stored. Downloads and views use it.
 */
export function downloadClientKey(ip: string): string {
  let prefix = ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) prefix = mapped[1]!;
  else if (isIPv6(ip)) prefix = expandIPv6(ip).slice(0, 4).join(':');
  else if (!isIPv4(ip)) prefix = ip;
  return createHash('sha256').update(`download:${prefix}`).digest('hex').slice(0, 32);
}

function expandIPv6(ip: string): string[] {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().padStart(4, '0'));
}
