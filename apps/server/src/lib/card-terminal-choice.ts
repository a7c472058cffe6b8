import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { cardTerminals } from "../db/schema.ts";
import { AppError } from "./app-error.ts";

/**
 * What a collection needs of the card terminals: which provider drives a terminal type, how long
 * a sale may wait at one (the pieces are held that long), and sending a PENDING payment's card
 * part to its terminal. The card-terminals feature provides it (app.ts passes it in); a table's
 * collection and a cash-register sale choose their terminal by the same rule.
 */
export interface TerminalSaleStarter {
  readonly timeoutSeconds: number;
  providerFor(type: string): string | null;
  start(paymentId: number): Promise<void>;
}

/**
 * The chosen terminal: one of this venue's, not removed, and of a type a configured client
 * drives; anything else (another venue's, unknown, not a number) is terminal_not_available.
 */
export async function venueTerminal(db: Db, retailerId: number, selected: string | number, terminals?: TerminalSaleStarter) {
  const id = typeof selected === "number" ? selected : /^\d{1,9}$/.test(selected.trim()) ? Number(selected) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || !terminals) throw new AppError("terminal_not_available", 400);
  const [terminal] = await db
    .select()
    .from(cardTerminals)
    .where(and(eq(cardTerminals.id, id), eq(cardTerminals.retailerId, retailerId), isNull(cardTerminals.deletedAt)))
    .limit(1);
  const provider = terminal ? terminals.providerFor(terminal.type) : null;
  if (!terminal || !provider) throw new AppError("terminal_not_available", 400);
  return { id: terminal.id, tid: terminal.tid, provider, terminals };
}
