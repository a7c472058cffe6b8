import { storedValue } from "../stored-value.ts";
import { randomId } from "../uuid.ts";

const screenId = storedValue("session", "printScreenId", (raw) => (raw && raw.length >= 8 ? raw : randomId()), String);

/**
 * This screen's name in print claims (a kitchen tablet, a till), kept per tab, so a reload renews
 * its own claims instead of waiting for them to lapse.
 */
export function printScreenId(): string {
  screenId.set((id) => id); // keeps a newly made id for the tab's next load
  return screenId.get();
}
