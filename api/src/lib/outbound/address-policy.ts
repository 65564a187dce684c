import { isIP } from 'node:net';

/**
 * Which IP addresses an outbound request (image proxy, later release webhooks) may connect to:
 * only globally routable unicast ones. Everything that reaches this machine, its private
 * networks, cloud metadata services or special-purpose ranges is refused, in IPv4 form and in
 * every IPv6 form that carries an IPv4 address (see docs/operations.md, "Image proxy").
 */

/** Why an address is refused: the special-purpose range it belongs to. */
export type RefusedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared-address-space'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'protocol-assignments'
  | 'unique-local'
  | 'not-global-unicast'
  | 'ipv4-compatible'
  | 'invalid';

interface Ipv4Range {
  base: number;
  bits: number;
  range: RefusedRange;
}

const v4 = (address: string, bits: number, range: RefusedRange): Ipv4Range => ({ base: parseIpv4(address)!, bits, range });

/** IPv4 special-purpose ranges (RFC 6890 and its updates), most specific first where they nest. */
const REFUSED_IPV4: readonly Ipv4Range[] = [
  v4('255.255.255.255', 32, 'broadcast'),
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared-address-space'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'protocol-assignments'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

/** Dotted-quad text → 32-bit number, or undefined when it is not exactly four decimal octets. */
function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

function refusedIpv4(value: number): RefusedRange | undefined {
  for (const { base, bits, range } of REFUSED_IPV4) {
    const size = 2 ** (32 - bits);
    if (Math.floor(value / size) === Math.floor(base / size)) return range;
  }
  return undefined;
}

/** IPv6 text (zone id allowed, embedded dotted quad allowed) → eight 16-bit groups. */
function parseIpv6(text: string): number[] | undefined {
  let rest = text.replace(/%.*$/, '');
  const groups: number[] = [];
  const quad = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(rest);
  let tail: number[] = [];
  if (quad) {
    const value = parseIpv4(quad[1]!);
    if (value === undefined) return undefined;
    tail = [Math.floor(value / 65536), value % 65536];
    rest = rest.slice(0, -quad[1]!.length);
    // "::1.2.3.4" leaves "::", "::ffff:1.2.3.4" leaves "::ffff:".
    if (rest.endsWith(':') && !rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const halves = rest.split('::');
  if (halves.length > 2) return undefined;
  const read = (part: string) => (part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16) : NaN)));
  const head = read(halves[0]!);
  const back = halves.length === 2 ? read(halves[1]!) : [];
  const known = head.length + back.length + tail.length;
  if ([...head, ...back].some(Number.isNaN)) return undefined;
  if (halves.length === 2) {
    if (known > 7) return undefined;
    groups.push(...head, ...new Array<number>(8 - known).fill(0), ...back, ...tail);
  } else {
    if (known !== 8) return undefined;
    groups.push(...head, ...tail);
  }
  return groups;
}

const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;

function refusedIpv6(groups: number[]): RefusedRange | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0) {
    if (g7 === 0) return 'unspecified';
    if (g7 === 1) return 'loopback';
  }
  // ::ffff:a.b.c.d — the IPv4 address itself, to a dual-stack socket.
  if (firstFiveZero && g5 === 0xffff) return refusedIpv4(embeddedIpv4(g6, g7));
  // ::a.b.c.d (deprecated by RFC 4291): refused whatever it carries, nothing legitimate uses it.
  if (firstFiveZero && g5 === 0) return 'ipv4-compatible';
  // 64:ff9b::a.b.c.d — the well-known NAT64 prefix reaches the IPv4 address it carries.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return refusedIpv4(embeddedIpv4(g6, g7));
  if (g0 >= 0xfc00 && g0 <= 0xfdff) return 'unique-local';
  if (g0 >= 0xfe80 && g0 <= 0xfebf) return 'link-local';
  if (g0 >= 0xff00) return 'multicast';
  // Only 2000::/3 is global unicast; the rest (site-local fec0::/10, discard 100::/64, local NAT64 64:ff9b:1::/48…) is not.
  if (g0 < 0x2000 || g0 > 0x3fff) return 'not-global-unicast';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x3fff && g1 <= 0x0fff) return 'documentation';
  // 2001::/23: Teredo, benchmarking, ORCHID and other protocol assignments.
  if (g0 === 0x2001 && g1 <= 0x01ff) return 'protocol-assignments';
  // 2002::/16 (6to4) carries an IPv4 address in its next 32 bits.
  if (g0 === 0x2002) return refusedIpv4(embeddedIpv4(g1, g2));
  return undefined;
}

/**
 * The special-purpose range `address` (an IP literal, IPv6 without brackets) belongs to, or
 * undefined when it is a globally routable unicast address an outbound request may reach.
 */
export function refusedRangeOf(address: string): RefusedRange | undefined {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return refusedIpv4(parseIpv4(address)!);
  if (family === 6) {
    const groups = parseIpv6(address);
    return groups ? refusedIpv6(groups) : 'invalid';
  }
  return 'invalid';
}
