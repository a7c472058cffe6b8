import {
  addToBasket,
  type BasketLine,
  type BasketLineInput,
  basketCount,
  basketTotalCents,
  removeFromBasket,
  setBasketQuantity,
} from "@tableorder/domain/basket";
import { useMemo, useSyncExternalStore } from "react";
import { randomId } from "../../../lib/uuid.ts";

/**
 * A basket per table code, kept in sessionStorage so a reload or a trip to another screen keeps
 * it, and a new tab or another table starts empty. The idempotency key of its next send lives
 * with it: a double tap, a retry or a reload during sending reuses the key, so the server
 * orders once; any change to the basket makes it a new order with a new key.
 */
interface StoredBasket {
  lines: BasketLine[];
  sendKey: string | null;
}

const EMPTY: StoredBasket = { lines: [], sendKey: null };
const STORAGE_PREFIX = "basket:";
const cache = new Map<string, StoredBasket>();
const listeners = new Set<() => void>();

function isLine(value: unknown): value is BasketLine {
  const line = value as BasketLine;
  return (
    typeof line?.key === "string" &&
    typeof line.productId === "number" &&
    Array.isArray(line.basicIngredientIds) &&
    Array.isArray(line.extraIngredientIds) &&
    typeof line.quantity === "number" &&
    typeof line.unitPriceCents === "number"
  );
}

function load(code: string): StoredBasket {
  const cached = cache.get(code);
  if (cached) return cached;
  let basket = EMPTY;
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_PREFIX + code) ?? "null") as Partial<StoredBasket> | null;
    if (parsed && Array.isArray(parsed.lines)) {
      basket = { lines: parsed.lines.filter(isLine), sendKey: typeof parsed.sendKey === "string" ? parsed.sendKey : null };
    }
  } catch {
    /* unreadable or unavailable storage: start empty */
  }
  cache.set(code, basket);
  return basket;
}

function save(code: string, next: StoredBasket): void {
  cache.set(code, next);
  try {
    if (next.lines.length) sessionStorage.setItem(STORAGE_PREFIX + code, JSON.stringify(next));
    else sessionStorage.removeItem(STORAGE_PREFIX + code);
  } catch {
    /* kept in memory for this page */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Basket {
  lines: BasketLine[];
  count: number;
  totalCents: number;
  add(input: BasketLineInput): void;
  setQuantity(key: string, quantity: number): void;
  remove(key: string): void;
  clear(): void;
  /** The idempotency key for sending this basket as it is now. */
  sendKey(): string;
}

export function useBasket(tableCode: string): Basket {
  const basket = useSyncExternalStore(
    subscribe,
    () => load(tableCode),
    () => EMPTY,
  );
  return useMemo(() => {
    const change = (lines: BasketLine[]) => save(tableCode, { lines, sendKey: null });
    return {
      lines: basket.lines,
      count: basketCount(basket.lines),
      totalCents: basketTotalCents(basket.lines),
      add: (input) => change(addToBasket(load(tableCode).lines, input)),
      setQuantity: (key, quantity) => change(setBasketQuantity(load(tableCode).lines, key, quantity)),
      remove: (key) => change(removeFromBasket(load(tableCode).lines, key)),
      clear: () => save(tableCode, EMPTY),
      sendKey: () => {
        const current = load(tableCode);
        if (current.sendKey) return current.sendKey;
        const key = randomId();
        save(tableCode, { ...current, sendKey: key });
        return key;
      },
    };
  }, [basket, tableCode]);
}
