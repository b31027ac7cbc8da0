import { describe, expect, it } from "vitest";
import { type AddressClass, classifyAddress } from "./address-class.ts";
import { mayFetchFrom } from "./safe-fetch.ts";

/** The addresses the server's own fetches may reach (decision 0022): public ones only. */
describe("classifyAddress", () => {
  const cases: Array<[string, AddressClass]> = [
    // IPv4
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["0.0.0.0", "reserved"],
    ["0.1.2.3", "reserved"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.63.255.255", "public"],
    ["100.64.0.1", "shared"],
    ["100.127.255.254", "shared"],
    ["100.128.0.0", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.15.255.255", "public"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.0", "public"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["192.88.99.1", "reserved"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "reserved"],
    ["198.19.255.255", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    // IPv6
    ["2606:4700:4700::1111", "public"],
    ["2a00:1450:4001:80b::200e", "public"],
    ["::", "reserved"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "private"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
    ["2002:7f00:1::1", "reserved"],
    ["100::1", "reserved"],
    ["4000::1", "reserved"],
    ["::7f00:1", "reserved"],
    // IPv4 inside IPv6: judged by the IPv4.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::FFFF:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["::ffff:8.8.8.8", "public"],
    ["0:0:0:0:0:ffff:c0a8:101", "private"],
    ["64:ff9b::8.8.8.8", "public"],
    ["64:ff9b::10.0.0.1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    // Not addresses at all.
    ["localhost", "invalid"],
    ["127.1", "invalid"],
    ["2130706433", "invalid"],
    ["0x7f.0.0.1", "invalid"],
    ["", "invalid"],
    ["1::2::3", "invalid"],
  ];
  it.each(cases)("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it("lets a fetch reach public addresses, and loopback only when the sandbox is the image host", () => {
    expect(mayFetchFrom("public", false)).toBe(true);
    expect(mayFetchFrom("loopback", false)).toBe(false);
    expect(mayFetchFrom("loopback", true)).toBe(true);
    for (const kind of [
      "private",
      "link-local",
      "shared",
      "multicast",
      "unique-local",
      "reserved",
      "invalid",
    ] as const)
      expect(mayFetchFrom(kind, true)).toBe(false);
  });
});
