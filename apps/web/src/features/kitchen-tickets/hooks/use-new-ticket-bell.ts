import { useCallback, useEffect, useRef, useState } from "react";
import { bellAudio, ringBell as ring } from "../../../lib/bell.ts";

/**
 * Rings when the number of tickets grows (spec 2 §4.3), not on the first load and not in
 * cash-desk mode. Browsers only play sound after a user gesture (the sign-in tap counts); after a
 * reload without one, `blocked` turns true so the screen can offer a tap that enables the sound.
 */
export function useNewTicketBell(count: number | undefined, enabled: boolean): { blocked: boolean; enable: () => void } {
  const previous = useRef<number | undefined>(undefined);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (enabled) bellAudio();
  }, [enabled]);

  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (!enabled || count === undefined || before === undefined || count <= before) return;
    void ring().then((played) => setBlocked(!played));
  }, [count, enabled]);

  // Any tap on the page gives the browser the gesture it wants; the next ticket rings again.
  useEffect(() => {
    if (!blocked) return;
    const unblock = () => setBlocked(false);
    window.addEventListener("pointerdown", unblock, { once: true });
    return () => window.removeEventListener("pointerdown", unblock);
  }, [blocked]);

  const enable = useCallback(() => {
    void ring().then((played) => setBlocked(!played));
  }, []);

  return { blocked, enable };
}
