import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";

/**
 * The cook's undo (spec 2 §4.3): a stack of the last updates, newest on top. Each entry is one
 * prepared batch or one completed ticket with the pieces it moved, so undo puts back exactly
 * those pieces (POST …/undo {orderProductIds}) and nothing a waiter or another screen changed.
 */

export interface UndoEntry {
  id: string;
  ticketId: number;
  orderProductIds: number[];
  /** A completed ticket comes back to the feed when undone. */
  kind: "prepared" | "completed";
  /** What the cook reads on the undo button: the table and ticket number. */
  tableName: string;
  ticketNumber: number;
  at: number;
}

/** What one prepare call on a ticket moved (the server's answer to …/prepare). */
export interface PreparedOnTicket {
  preparedIds: number[];
  ticketCompleted: boolean;
}

/**
 * The stack entry a prepare call leaves, whether a line's check, 'All ready' or a bump on the
 * board: a completed ticket goes on whole (the pieces prepared before and now), so one undo
 * brings it back as it was; otherwise the batch just prepared; null when nothing moved.
 */
export function undoEntryAfterPrepare(
  ticket: KitchenTicket,
  result: PreparedOnTicket,
  meta: { id: string; at: number },
): UndoEntry | null {
  const entry = { ...meta, ticketId: ticket.id, tableName: ticket.tableName, ticketNumber: ticket.ticketId };
  if (result.ticketCompleted) {
    const before = ticket.products.filter((p) => p.status === "PREPARED").flatMap((p) => p.orderProductIds);
    const ids = [...new Set([...before, ...result.preparedIds])];
    return ids.length ? { ...entry, kind: "completed", orderProductIds: ids } : null;
  }
  return result.preparedIds.length ? { ...entry, kind: "prepared", orderProductIds: result.preparedIds } : null;
}

/** Enough for a busy minute; older updates are not worth undoing from the stack. */
export const UNDO_STACK_LIMIT = 20;

/**
 * Pushes an update. A completed ticket's entry holds all its prepared pieces, so it replaces the
 * batches of that ticket pushed before it (one undo reopens the ticket as it was).
 */
export function pushUndo(stack: readonly UndoEntry[], entry: UndoEntry, limit = UNDO_STACK_LIMIT): UndoEntry[] {
  if (!entry.orderProductIds.length) return [...stack];
  const covered = new Set(entry.orderProductIds);
  const rest =
    entry.kind === "completed"
      ? stack.filter((e) => e.ticketId !== entry.ticketId || !e.orderProductIds.every((id) => covered.has(id)))
      : [...stack];
  return [...rest, entry].slice(-limit);
}

export function peekUndo(stack: readonly UndoEntry[]): UndoEntry | null {
  return stack.length ? stack[stack.length - 1] : null;
}

/** Takes an entry off (after it was undone, or when it can never be undone). */
export function removeUndo(stack: readonly UndoEntry[], entryId: string): UndoEntry[] {
  return stack.filter((e) => e.id !== entryId);
}

/**
 * Pieces reverted by hand (the revert button) are no longer prepared: they leave every entry,
 * and an entry left with nothing is dropped, so undo never asks for what is already undone.
 */
export function forgetPieces(stack: readonly UndoEntry[], ticketId: number, orderProductIds: readonly number[]): UndoEntry[] {
  const reverted = new Set(orderProductIds);
  return stack
    .map((e) => (e.ticketId === ticketId ? { ...e, orderProductIds: e.orderProductIds.filter((id) => !reverted.has(id)) } : e))
    .filter((e) => e.orderProductIds.length > 0);
}

/** Reads a stored stack, keeping only well-formed entries. */
export function parseUndoStack(raw: string | null): UndoEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (e): e is UndoEntry =>
        e &&
        typeof e === "object" &&
        typeof e.id === "string" &&
        typeof e.ticketId === "number" &&
        Array.isArray(e.orderProductIds) &&
        e.orderProductIds.every((id: unknown) => typeof id === "number"),
    );
  } catch {
    return [];
  }
}
