import { randomUUID } from "node:crypto";
import type { CreateTakeAwayResponse } from "@tableorder/domain/contracts/cash-desk";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { EventBus } from "../../realtime/types.ts";
import { todaySql } from "./business-day.ts";

/**
 * Opens a take-away at the till (spec 3 §2.3, §4): a service point of kind TAKE_AWAY whose label
 * is the venue's next number of the business day (Europe/Athens). One statement numbers and
 * writes it: the per-venue, per-day counter row is bumped by an upsert, which queues two tills
 * creating one at the same moment on that row, so labels never repeat (and the partial unique
 * index dining_tables_take_away_label would refuse it if they did). Its code is random and of no
 * use to guests: check-in refuses take-aways.
 */
export async function createTakeAway(options: { db: Db; events: EventBus; retailerId: number }): Promise<CreateTakeAwayResponse> {
  const { db, retailerId } = options;
  const result = (await db.execute(sql`
    with counter as (
      insert into take_away_counters (retailer_id, business_day, last_number)
      values (${retailerId}, ${todaySql}, 1)
      on conflict (retailer_id, business_day) do update set last_number = take_away_counters.last_number + 1
      returning business_day, last_number
    )
    insert into dining_tables (retailer_id, kind, label, code, business_day)
    select ${retailerId}, 'TAKE_AWAY', last_number::text, ${`take-away-${randomUUID()}`}, business_day from counter
    returning id, label
  `)) as unknown as { rows: { id: number; label: string }[] };
  const [created] = result.rows;
  await options.events.publish({ type: "table.changed", retailerId, tableId: Number(created.id) });
  return { takeAwayId: Number(created.id), takeAwayLabel: created.label };
}
