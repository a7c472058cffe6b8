import { storedValue, useStoredValue } from "../../lib/stored-value.ts";

/** The last delivered batch, kept for this tab's session so undo survives a reload (spec 2 §4.4). */
export const lastDelivered = storedValue<number[]>("session", "waiterLastDelivered", (raw) => {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
  } catch {
    return [];
  }
});

export function useLastDelivered(): number[] {
  return useStoredValue(lastDelivered);
}
