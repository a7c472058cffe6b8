import { LANGUAGES } from "@tableorder/domain/enums";
import type { Db } from "../../db/client.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadTableState } from "./table-state.ts";

/** Destination of a table's live state in one language (spec 1 §7). */
export const customerTopic = (lang: string, tableId: number) => `/topic/customer/${lang}/${tableId}`;

/**
 * Pushes a table's whole state to its guests whenever anything on the table changed. Renders
 * only the languages someone on this instance is listening in.
 */
export function projectTableState(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== "table.changed") return;
    const tableId = Number(event.tableId);
    for (const lang of LANGUAGES) {
      const destination = customerTopic(lang, tableId);
      if (!hub.hasSubscribers(destination)) continue;
      hub.send(destination, await loadTableState(db, tableId, lang));
    }
  };
}
