import { describe, expect, it } from "vitest";
import {
  bearerToken,
  DATA_CACHE_PREFIX,
  dataCacheName,
  isStillValid,
  type RequestFacts,
  requestHandling,
  tokenExpiresAt,
} from "./staff-cache-rules.ts";

const origin = "https://venue.example";
const facts = (overrides: Partial<RequestFacts>): RequestFacts => ({
  method: "GET",
  url: `${origin}/assets/app-abc123.js`,
  mode: "cors",
  origin,
  authorization: null,
  ...overrides,
});

/** A JWT as the server signs it; the worker reads its claims, never checks its signature. */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part(claims)}.signature`;
}

describe("what the staff apps' service worker does with a request", () => {
  it("opens a staff screen from the network first, its build's files from the cache first", () => {
    expect(requestHandling(facts({ url: `${origin}/service/wait`, mode: "navigate" }))).toBe("page");
    expect(requestHandling(facts({}))).toBe("asset");
    expect(requestHandling(facts({ url: `${origin}/bell.wav` }))).toBe("asset");
  });

  it("keeps a signed-in read of the API, and nothing anonymous, written or from elsewhere", () => {
    const bearer = `Bearer ${jwt({ sub: "7", exp: 2_000_000_000 })}`;
    expect(requestHandling(facts({ url: `${origin}/api/feed/get-employee-feed`, authorization: bearer }))).toBe("data");
    expect(requestHandling(facts({ url: `${origin}/management/info`, authorization: bearer }))).toBe("data");
    expect(requestHandling(facts({ url: `${origin}/api/home-page/cuisine-types` }))).toBe("network");
    expect(requestHandling(facts({ url: `${origin}/api/feed/next-status`, method: "POST", authorization: bearer }))).toBe(
      "network",
    );
    expect(requestHandling(facts({ url: "https://accounts.google.com/gsi/client" }))).toBe("network");
    expect(requestHandling(facts({ url: "https://elsewhere.example/service/wait", mode: "navigate" }))).toBe("network");
  });
});

describe("a token's cached answers", () => {
  it("last as long as the token, read from its exp claim", () => {
    expect(tokenExpiresAt(jwt({ sub: "7", exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(tokenExpiresAt(jwt({ sub: "7" }))).toBeNull();
    expect(tokenExpiresAt("opaque-token")).toBeNull();
    expect(tokenExpiresAt("a.%%%.c")).toBeNull();
    expect(isStillValid("1000", 999)).toBe(true);
    expect(isStillValid("1000", 1000)).toBe(false);
    expect(isStillValid(null, 0)).toBe(false);
    expect(isStillValid("soon", 0)).toBe(false);
  });

  it("are kept apart per token, under a digest that does not give the token away", async () => {
    const waiter = jwt({ sub: "7", exp: 2_000_000_000 });
    const cook = jwt({ sub: "8", exp: 2_000_000_000 });
    const name = await dataCacheName(waiter);
    expect(name.startsWith(DATA_CACHE_PREFIX)).toBe(true);
    expect(name).toBe(await dataCacheName(waiter));
    expect(name).not.toBe(await dataCacheName(cook));
    expect(name).not.toContain(waiter.split(".")[1].slice(0, 12));
    expect(bearerToken(`Bearer ${waiter}`)).toBe(waiter);
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });
});
