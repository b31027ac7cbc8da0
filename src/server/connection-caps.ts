import { BlockList, isIP, type Server } from "node:net";

export interface ConnectionCaps {
  /** Connections one client address may hold open at once. */
  perAddress: number;
  /** Connections the server holds open at once (Node's maxConnections: more are closed unread). */
  total: number;
  /** Addresses or CIDR ranges the per-address cap leaves alone: the trusted proxies. */
  exempt: readonly string[];
}

/** "::ffff:10.0.0.1" is 10.0.0.1: one client whether the server listens on IPv4 or on both. */
const plainAddress = (address: string) =>
  address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", bits] = range.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * Caps the connections `server` holds: per client address, counted on the raw socket as it
 * connects (its peer address: behind a proxy that is the proxy's, so the trusted proxies are
 * exempt and only direct clients are capped), the one over the cap destroyed at once, unread; and
 * in all. Per process: with WEB_PROCESSES each server process counts its own.
 */
export function capConnections(server: Server, caps: ConnectionCaps): void {
  server.maxConnections = caps.total;
  const exempt = blockListOf(caps.exempt);
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    if (socket.remoteAddress === undefined) return; // already gone
    const address = plainAddress(socket.remoteAddress);
    if (exempt.check(address, isIP(address) === 6 ? "ipv6" : "ipv4")) return;
    const count = open.get(address) ?? 0;
    if (count >= caps.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
