import type { ServiceMode } from "@tableorder/domain/enums";
import { useMemo } from "react";
import { useLiveMenu } from "../../../features/menu/hooks/use-live-menu.ts";
import { useWaiterClosedAreas, WAITER_MENU_KEY } from "../../../features/waiter-order/api.ts";

/**
 * What marks the waiter's menu the way the guest's is marked: the areas closed now (their dishes
 * listed but not orderable), kept live over the table's menu topic as the guest's menu is. A
 * take-away has no table, so its menu follows the 60 s cache and each visit.
 */
export function useWaiterMenuMarks(tableId: number, serviceMode: ServiceMode) {
  useLiveMenu(serviceMode === "DINE_IN" ? tableId : null, WAITER_MENU_KEY);
  const closed = useWaiterClosedAreas();
  const closedAreas = closed.data ?? [];
  const closedAreaIds = useMemo(() => new Set((closed.data ?? []).map((area) => area.id)), [closed.data]);
  return { closedAreas, closedAreaIds };
}
