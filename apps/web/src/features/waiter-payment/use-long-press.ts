import { type PointerEvent as ReactPointerEvent, useEffect, useRef } from "react";

/** Spec 2 §5, §9: holding the collect button this long triggers its secondary action. */
export const LONG_PRESS_MS = 500;

/**
 * A tap runs onTap; holding for 500 ms runs onLongPress instead (once, and the click that ends
 * the hold does not tap too). Keyboard activation (Enter, Space) is a tap.
 */
export function useLongPress(onTap: () => void, onLongPress: () => void, disabled = false) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const handlers = useRef({ onTap, onLongPress });
  handlers.current = { onTap, onLongPress };
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return {
    onPointerDown: (event: ReactPointerEvent) => {
      if (disabled || event.button !== 0) return;
      fired.current = false;
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        fired.current = true;
        handlers.current.onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
    onClick: () => {
      if (disabled) return;
      if (fired.current) {
        fired.current = false;
        return;
      }
      cancel();
      handlers.current.onTap();
    },
  };
}
