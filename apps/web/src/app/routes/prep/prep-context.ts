import type { Account } from "@tableorder/domain/contracts/auth";
import type { KitchenFeed, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import type { UseQueryResult } from "@tanstack/react-query";
import { useOutletContext } from "react-router";
import type { TicketPrinting } from "../../../features/kitchen-tickets/hooks/use-ticket-printing.ts";
import type { KitchenArea } from "../../../features/kitchen-tickets/kitchen-area.ts";
import type { TicketAsWaiting } from "../../../features/kitchen-tickets/waiting-overlay.ts";
import type { AgeThresholds } from "../../../lib/elapsed-minutes.ts";

/** What every preparation screen shares: the area, its live feed, and printing. */
export interface PrepContext {
  account: Account;
  area: KitchenArea;
  /** Where the area's feed lives (/service/prep for a cook; the cash desk mounts it elsewhere). */
  basePath: string;
  feed: UseQueryResult<KitchenFeed>;
  /**
   * The feed's tickets that still have something on them, oldest first after those with a
   * cancellation, as the cook's actions waiting in the outbox leave them (issue 31).
   */
  tickets: KitchenTicket[];
  /** The same tickets with what of them waits to be sent; `leaving`: those the waiting actions take off the board. */
  shown: { board: TicketAsWaiting[]; leaving: TicketAsWaiting[] };
  thresholds: AgeThresholds;
  printing: TicketPrinting;
}

export function usePrepContext(): PrepContext {
  return useOutletContext<PrepContext>();
}
