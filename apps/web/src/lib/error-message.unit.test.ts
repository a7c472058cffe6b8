import { describe, expect, it } from "vitest";
import { describeHttpError, parseAppParams } from "./error-message.ts";

describe("describeHttpError (spec 1 §8)", () => {
  it("says the server is not reachable when nothing answered", () => {
    expect(describeHttpError({ status: 0, body: null })).toEqual([{ key: "error.http.0" }]);
  });

  it("uses the app-error header with its params on a 400", () => {
    const params = encodeURIComponent(JSON.stringify({ productId: 7 }));
    expect(
      describeHttpError({
        status: 400,
        appError: "error.inactive_product",
        appParams: params,
        body: { message: "error.validation", fieldErrors: [] },
      }),
    ).toEqual([{ key: "error.inactive_product", params: { productId: 7 } }]);
  });

  it("lists field errors per object and field, bounds shown as Size", () => {
    const body = {
      message: "error.validation",
      fieldErrors: [
        { objectName: "body", field: "0.quantity", message: "Max" },
        { objectName: "body", field: "0.notes", message: "Size" },
        { objectName: "contact", field: "email", message: "Pattern" },
      ],
    };
    expect(describeHttpError({ status: 400, body })).toEqual([
      { key: "error.field", params: { field: "body.0.quantity" }, keyParams: { message: "error.Size" } },
      { key: "error.field", params: { field: "body.0.notes" }, keyParams: { message: "error.Size" } },
      { key: "error.field", params: { field: "contact.email" }, keyParams: { message: "error.Pattern" } },
    ]);
  });

  it("falls back to a plain string body, then message, error or title, then Unknown error", () => {
    expect(describeHttpError({ status: 400, body: "Bad table" })).toEqual([{ text: "Bad table" }]);
    expect(describeHttpError({ status: 400, body: { error: "Bad Request" } })).toEqual([{ text: "Bad Request" }]);
    expect(describeHttpError({ status: 400, body: { title: "Nope" } })).toEqual([{ text: "Nope" }]);
    expect(describeHttpError({ status: 400, body: {} })).toEqual([{ key: "error.unknown" }]);
  });

  it("reads a keyed message as a key, keeping the title as its fallback", () => {
    expect(describeHttpError({ status: 403, body: { message: "error.forbidden", title: "forbidden", status: 403 } })).toEqual([
      { key: "error.forbidden", params: undefined, text: "forbidden" },
    ]);
  });

  it("is silent on 401 (the session is cleared instead) and says not found on 404", () => {
    expect(describeHttpError({ status: 401, body: { message: "error.unauthorized" } })).toEqual([]);
    expect(describeHttpError({ status: 404, body: { message: "error.table_not_found" } })).toEqual([{ key: "error.http.404" }]);
  });

  it("uses the body for other statuses, else Unknown error", () => {
    expect(describeHttpError({ status: 500, body: { message: "error.internal", title: "Internal error" } })).toEqual([
      { key: "error.internal", params: undefined, text: "Internal error" },
    ]);
    expect(describeHttpError({ status: 502, body: "<html>Bad gateway</html>" })).toEqual([{ text: "<html>Bad gateway</html>" }]);
    expect(describeHttpError({ status: 503, body: null })).toEqual([{ key: "error.unknown" }]);
  });

  it("words a rate-limited guest call (429) by its key, so its toast is in the reader's language", () => {
    const body = {
      message: "error.too_many_requests",
      title: "too_many_requests",
      status: 429,
      params: { retryAfterSeconds: 42 },
    };
    expect(describeHttpError({ status: 429, body })).toEqual([
      { key: "error.too_many_requests", params: { retryAfterSeconds: 42 }, text: "too_many_requests" },
    ]);
  });
});

describe("parseAppParams", () => {
  it("decodes URI-encoded JSON objects and ignores anything else", () => {
    expect(parseAppParams(encodeURIComponent('{"a":"ά"}'))).toEqual({ a: "ά" });
    expect(parseAppParams("%E0%A4%A")).toBeUndefined();
    expect(parseAppParams(encodeURIComponent("[1]"))).toBeUndefined();
    expect(parseAppParams(null)).toBeUndefined();
  });
});
