/**
 * Which preparation area a screen works on. A cook always works on their own area (the server
 * knows it from the token); the cash desk names one (spec 2 §2.1: the feed under a preparation
 * area {id}), listens on its topic instead of the cook's queue, and has no bell and no logout.
 */
export interface KitchenArea {
  /** Null for the cook's own area. */
  areaId: number | null;
  cashDesk: boolean;
}

export const OWN_AREA: KitchenArea = { areaId: null, cashDesk: false };

/** The `id` query parameter the area calls take, empty for the cook's own area. */
export function areaQuery(area: KitchenArea, name = "id"): string {
  return area.areaId === null ? "" : `?${name}=${area.areaId}`;
}

/** A key part that keeps two areas' cached data apart. */
export function areaKey(area: KitchenArea): string {
  return area.areaId === null ? "own" : String(area.areaId);
}
