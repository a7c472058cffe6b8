/**
 * Loading a screen's code (a lazy chunk) when the phone may be offline. A guest who loses the
 * connection for a moment and taps on to the next screen should not be left on a "something went
 * wrong" screen that stays broken once the connection is back: the load waits for the connection
 * and tries again, in place.
 */

/** Whether the browser is online, and the target that fires `online` when it comes back. */
export interface Connection {
  isOnline(): boolean;
  events: EventTarget;
}

const browserConnection = (): Connection => ({ isOnline: () => navigator.onLine, events: window });

function nextOnline(events: EventTarget): Promise<void> {
  return new Promise((resolve) => events.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * Wraps a dynamic import for React.lazy or a router's lazy route: one load shared by every caller
 * (a preload and the route that needs it), and a load that fails while offline is tried again when
 * the connection returns, as often as it takes. A failure while online (a chunk gone after a
 * deploy) is passed on, for the route's error screen to offer a reload; the next call starts afresh.
 */
export function lazyWithRetry<T>(load: () => Promise<T>, connection: () => Connection = browserConnection): () => Promise<T> {
  let pending: Promise<T> | null = null;
  const attempt = async (): Promise<T> => {
    for (;;) {
      try {
        return await load();
      } catch (error) {
        const { isOnline, events } = connection();
        if (isOnline()) throw error;
        await nextOnline(events);
      }
    }
  };
  return () => {
    pending ??= attempt().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * Starts loading the screens a person is likely to open next, when the browser is idle, so they
 * open even if the connection drops first. A failed preload is left to the screen's own load.
 */
export function preloadWhenIdle(loads: ReadonlyArray<() => Promise<unknown>>): () => void {
  const run = () => {
    for (const load of loads) load().catch(() => {});
  };
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 1);
  return () => window.clearTimeout(handle);
}
