import type { Page, Request } from "playwright-core";

/** One API call a page made: when it went out and when its answer was in, in ms from the recording's start. */
export interface ApiCall {
  call: string;
  body: string | null;
  sentAt: number;
  answeredAt: number | null;
}

/**
 * Records the API calls a page makes (pictures aside), so a journey can say how many round trips
 * a screen waited for: a call sent after another one's answer came in may have waited for it.
 */
export function recordApiCalls(page: Page) {
  const start = Date.now();
  const calls: ApiCall[] = [];
  const byRequest = new Map<Request, ApiCall>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (!/^\/(api|management)\//.test(pathname) || pathname.startsWith("/api/images/")) return;
    const call = {
      call: `${request.method()} ${pathname}`,
      body: request.postData(),
      sentAt: Date.now() - start,
      answeredAt: null,
    };
    calls.push(call);
    byRequest.set(request, call);
  });
  const answered = (request: Request) => {
    const call = byRequest.get(request);
    if (call) call.answeredAt = Date.now() - start;
  };
  page.on("requestfinished", answered);
  page.on("requestfailed", answered);
  return {
    calls,
    /** The calls as "METHOD path", in the order they went out. */
    names: () => calls.map((c) => c.call),
    /** The calls sent before the first `call` was answered: the round trips a screen's start overlapped. */
    namesBeforeAnswer: (call: string) => {
      const answeredAt = calls.find((c) => c.call === call)?.answeredAt;
      if (answeredAt == null) throw new Error(`${call} was not answered`);
      return calls.filter((c) => c.sentAt < answeredAt).map((c) => c.call);
    },
    /** The log for a report: each call with its send and answer times. */
    log: () =>
      calls.map((c) => `${String(c.sentAt).padStart(5)}–${String(c.answeredAt ?? "…").padStart(5)} ms  ${c.call}`).join("\n"),
  };
}
