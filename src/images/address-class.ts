import { isIPv4, isIPv6 } from "node:net";

/**
 * What kind of address an IP is, for the server's own fetches (decision 0022): only a public one
 * may be fetched, so that a URL cannot make us reach the machine itself, the private network it
 * stands in, or the cloud's metadata service (169.254.169.254).
 */
export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  /** 100.64.0.0/10, the carrier-grade NAT space. */
  | "shared"
  | "multicast"
  /** IPv6 fc00::/7. */
  | "unique-local"
  /** Unspecified, documentation, benchmarking, 6to4, Teredo, broadcast and other special ranges. */
  | "reserved"
  | "invalid";

type Range = [prefix: bigint, bits: number, kind: AddressClass];

const v4 = (text: string): bigint =>
  text.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);

/** IANA's special-purpose IPv4 registry, what is not reachable on the internet. */
const IPV4: Range[] = (
  [
    ["0.0.0.0", 8, "reserved"],
    ["10.0.0.0", 8, "private"],
    ["100.64.0.0", 10, "shared"],
    ["127.0.0.0", 8, "loopback"],
    ["169.254.0.0", 16, "link-local"],
    ["172.16.0.0", 12, "private"],
    ["192.0.0.0", 24, "reserved"],
    ["192.0.2.0", 24, "reserved"],
    ["192.88.99.0", 24, "reserved"],
    ["192.168.0.0", 16, "private"],
    ["198.18.0.0", 15, "reserved"],
    ["198.51.100.0", 24, "reserved"],
    ["203.0.113.0", 24, "reserved"],
    ["224.0.0.0", 4, "multicast"],
    ["240.0.0.0", 4, "reserved"],
  ] as const
).map(([address, bits, kind]) => [v4(address), bits, kind]);

/** The IPv6 ranges inside or beside global unicast (2000::/3) that are not public. */
const IPV6: Range[] = (
  [
    ["::", 128, "reserved"],
    ["::1", 128, "loopback"],
    ["64:ff9b:1::", 48, "reserved"],
    ["100::", 64, "reserved"],
    ["2001::", 23, "reserved"],
    ["2001:db8::", 32, "reserved"],
    ["2002::", 16, "reserved"],
    ["3fff::", 20, "reserved"],
    ["fc00::", 7, "unique-local"],
    ["fe80::", 10, "link-local"],
    ["fec0::", 10, "private"],
    ["ff00::", 8, "multicast"],
  ] as const
).map(([address, bits, kind]) => [v6(address) ?? 0n, bits, kind]);

const inRange = (value: bigint, width: number, [prefix, bits]: Range) =>
  value >> BigInt(width - bits) === prefix >> BigInt(width - bits);

/** An IPv6 address as its 128 bits (a trailing dotted quad and a zone id allowed); null if not one. */
function v6(text: string): bigint | null {
  let address = text.replace(/%.*$/, "");
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (quad?.[1] !== undefined) {
    const n = v4(quad[1]);
    address = `${address.slice(0, -quad[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] === "" ? [] : (halves[0] ?? "").split(":");
  const tail = halves.length === 2 ? (halves[1] === "" ? [] : (halves[1] ?? "").split(":")) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  return groups.reduce((n, group) => (n << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function classifyV4(value: bigint): AddressClass {
  return IPV4.find((range) => inRange(value, 32, range))?.[2] ?? "public";
}

/** The class of an IPv4 or IPv6 address (IPv4-mapped and NAT64 IPv6 judged by the IPv4 inside). */
export function classifyAddress(address: string): AddressClass {
  if (isIPv4(address)) return classifyV4(v4(address));
  if (!isIPv6(address)) return "invalid";
  const value = v6(address);
  if (value === null) return "invalid";
  // ::ffff:a.b.c.d reaches a.b.c.d; 64:ff9b::/96 (NAT64) reaches the IPv4 in its last 32 bits.
  if (value >> 32n === 0xffffn || value >> 32n === 0x64ff9b0000000000000000n)
    return classifyV4(value & 0xffffffffn);
  // ::a.b.c.d (IPv4-compatible, deprecated) has no route of its own.
  if (value >> 32n === 0n && value > 1n) return "reserved";
  const special = IPV6.find((range) => inRange(value, 128, range));
  if (special !== undefined) return special[2];
  return value >> 125n === 1n ? "public" : "reserved";
}
