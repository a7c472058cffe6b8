/**
 * The terminal a card part goes to: the one tapped on this screen, else the last one this device
 * used (a till or a waiter stands by one terminal), else the only one there is; null asks the
 * person to choose.
 */
export function chosenTerminal<T extends { id: number }>(
  list: readonly T[],
  tapped: number | null,
  lastUsed: number | null,
): T | null {
  return (
    list.find((candidate) => candidate.id === tapped) ??
    list.find((candidate) => candidate.id === lastUsed) ??
    (list.length === 1 ? (list[0] ?? null) : null)
  );
}
