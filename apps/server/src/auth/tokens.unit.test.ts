import { afterEach, describe, expect, it, vi } from "vitest";
import type { Principal } from "./principal.ts";
import { createTokenService } from "./tokens.ts";

const guest: Principal = { userId: 7, role: "USER", retailerId: null, prepAreaId: null, anonymous: true, login: "" };
const service = (secret = "s".repeat(64)) => createTokenService({ secret, validitySeconds: 60, rememberMeValiditySeconds: 3600 });

afterEach(() => {
  vi.useRealTimers();
});

describe("token service", () => {
  it("verifies its own token, the second time from what it remembers, and refuses a changed signature", async () => {
    const tokens = service();
    const token = await tokens.issue(guest, false);
    expect(await tokens.verify(token)).toEqual(guest);
    expect(await tokens.verify(token)).toEqual(guest);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await service("t".repeat(64)).verify(token)).toBeNull();
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-25T12:00:00Z") });
    const tokens = service();
    const token = await tokens.issue(guest, false);
    expect(await tokens.verify(token)).toEqual(guest);
    vi.setSystemTime(new Date("2026-11-25T12:01:01Z"));
    expect(await tokens.verify(token)).toBeNull();
  });
});
