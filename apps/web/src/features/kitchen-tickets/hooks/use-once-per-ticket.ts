import { useRef, useState } from "react";

/**
 * Runs a ticket's action at most once at a time, however fast the second tap comes: the ref
 * refuses it before React re-renders, the state lets the button show the ticket as in flight.
 * Several tickets may be in flight at once.
 */
export function useOncePerTicket() {
  const sending = useRef(new Set<number>());
  const [inFlight, setInFlight] = useState<ReadonlySet<number>>(new Set());
  const mark = (ticketId: number, on: boolean) => {
    if (on) sending.current.add(ticketId);
    else sending.current.delete(ticketId);
    setInFlight(new Set(sending.current));
  };
  return {
    isInFlight: (ticketId: number) => inFlight.has(ticketId),
    /** Starts the action unless this ticket's is already on its way; `done` must be called when it settles. */
    start: (ticketId: number, action: () => void) => {
      if (sending.current.has(ticketId)) return;
      mark(ticketId, true);
      action();
    },
    done: (ticketId: number) => mark(ticketId, false),
  };
}
