import { useEffect } from "react";

/**
 * Keeps the screen on while a wall or counter screen shows live work (where the browser allows
 * it: Screen Wake Lock needs a secure context). The lock ends whenever the page is hidden, so it
 * is taken again each time the page shows. Refusals are ignored: the screen still works.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === "undefined" || !("wakeLock" in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const request = async () => {
      if (document.visibilityState !== "visible" || stopped) return;
      try {
        const lock = await navigator.wakeLock.request("screen");
        if (stopped) void lock.release().catch(() => {});
        else sentinel = lock;
      } catch {
        /* not allowed here (battery saver, insecure context): carry on */
      }
    };
    void request();
    document.addEventListener("visibilitychange", request);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", request);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
}
