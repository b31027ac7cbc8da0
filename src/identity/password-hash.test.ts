import { describe, expect, it } from "vitest";
import { CONCURRENT_HASHES, hashPassword, hashQueue, verifyPassword } from "./password-hash.ts";

describe("password hashes", () => {
  it("are argon2id at 19 MiB, 2 passes, 1 lane, and verify only their own password", async () => {
    const stored = await hashPassword("orchid-lantern-42");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "orchid-lantern-42")).toBe(true);
    expect(await verifyPassword(stored, "orchid-lantern-43")).toBe(false);
    expect(await verifyPassword("not a hash", "orchid-lantern-42")).toBe(false);
  });

  it("run at most one core fewer than the machine's at once; the rest wait their turn", async () => {
    const burst = CONCURRENT_HASHES + 3;
    const all = Array.from({ length: burst }, (_, i) => hashPassword(`burst-password-${i}`));
    expect(hashQueue()).toEqual({ running: CONCURRENT_HASHES, waiting: 3 });
    expect(new Set(await Promise.all(all)).size).toBe(burst);
    expect(hashQueue()).toEqual({ running: 0, waiting: 0 });
  });
});
