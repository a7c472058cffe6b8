import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, setApiNotifier } from "./api-client.ts";
import { getSessionEndReason, getToken, setToken } from "./session.ts";

/** Browser storage kept in memory. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );
}

describe("apiFetch and the session (issue 15)", () => {
  const shown: string[] = [];

  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
    vi.stubGlobal("sessionStorage", memoryStorage());
    setApiNotifier({ error: (message) => shown.push(message), success: () => {} });
    shown.length = 0;
    setToken("cook-token", false);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps the session on a 403: the user is signed in, just not allowed here", async () => {
    answer(403, { message: "error.forbidden", title: "forbidden", status: 403 });
    const error = await apiGet("/api/feed/kitchen/ticket/7").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect(getToken()).toBe("cook-token");
    expect(shown).toHaveLength(1);
  });

  it("ends the session only on a 401, saying why", async () => {
    answer(401, { message: "error.unauthorized" });
    await expect(apiGet("/api/account")).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(getSessionEndReason()).toBe("login.error.unauthorized");
    expect(shown).toEqual([]);
  });
});
