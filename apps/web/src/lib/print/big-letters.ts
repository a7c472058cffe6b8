import { storedValue, useStoredValue } from "../stored-value.ts";

/** Spec 2 §4.3: print size is kept in the browser under bigLettersActive; 'true' doubles it. */
export const BIG_LETTERS_KEY = "bigLettersActive";

export const bigLetters = storedValue<boolean>(
  "local",
  BIG_LETTERS_KEY,
  (raw) => raw === "true",
  (value) => String(value),
);

export function useBigLetters(): boolean {
  return useStoredValue(bigLetters);
}
