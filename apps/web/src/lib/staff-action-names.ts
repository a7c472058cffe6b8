import type { StaffAction } from "./staff-action.ts";

/** A kept action's kind, by its call: how the banner and a conflict's toast name it. */
const KINDS: readonly [RegExp, string][] = [
  [/^\/api\/orders\/\d+$/, "order"],
  [/^\/api\/feed\/next-status$/, "deliver"],
  [/^\/api\/feed\/undo-status$/, "undoDeliver"],
  [/\/complete-orders$/, "collect"],
  [/^\/api\/feed\/transfer-table$/, "transfer"],
  [/\/remove-products$/, "cancelPieces"],
  [/^\/api\/feed\/complete-request\/\d+$/, "completeTask"],
  [/^\/api\/feed\/kitchen\/ticket\/\d+\/prepare(-products)?$/, "prepare"],
  [/^\/api\/feed\/kitchen\/ticket\/\d+\/undo$/, "revert"],
  [/^\/api\/cash-desk\/table\/\d+\/bill$/, "bill"],
  [/^\/api\/feed\/issue-receipt$/, "sale"],
];

/** The i18n key naming an action ("outbox.action.collect"); a collection says gift or credit too. */
export function staffActionNameKey(action: StaffAction): string {
  const kind = KINDS.find(([pattern]) => pattern.test(action.path))?.[1] ?? "other";
  if (kind === "collect") {
    const body = (action.body ?? {}) as { isGift?: boolean; onCreditAmount?: number };
    if (body.isGift) return "outbox.action.gift";
    if ((body.onCreditAmount ?? 0) > 0) return "outbox.action.credit";
  }
  return `outbox.action.${kind}`;
}

/** The table an action is for, when its call names one: the waiter's table marks its waiting actions. */
export function staffActionTableId(action: StaffAction): number | null {
  const match = /^\/api\/(?:orders|feed\/table|cash-desk\/table)\/(\d+)(?:\/|$)/.exec(action.path);
  if (match) return Number(match[1]);
  const body = action.body as { tableId?: unknown } | undefined;
  return typeof body?.tableId === "number" ? body.tableId : null;
}

/** The kitchen ticket an action is for, when it is a kitchen action. */
export function staffActionTicketId(action: StaffAction): number | null {
  const match = /^\/api\/feed\/kitchen\/ticket\/(\d+)\//.exec(action.path);
  return match ? Number(match[1]) : null;
}

/** The order pieces an action delivers or undoes (the waiter's task lines mark them). */
export function staffActionPieceIds(action: StaffAction): number[] {
  if (action.path === "/api/feed/next-status" && Array.isArray(action.body)) return action.body as number[];
  const body = action.body as { orderProductIds?: unknown } | undefined;
  return Array.isArray(body?.orderProductIds) ? (body.orderProductIds as number[]) : [];
}
