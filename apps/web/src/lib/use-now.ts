import { useEffect, useState } from "react";

/** Spec 2 §9: the tickets' clock refreshes every 30 seconds. */
export const CLOCK_REFRESH_MS = 30_000;

/** The current time, refreshed on an interval, so elapsed minutes move without new data. */
export function useNow(intervalMs = CLOCK_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
