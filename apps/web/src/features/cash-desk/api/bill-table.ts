import type { TableBill } from "@tableorder/domain/contracts/cash-desk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendStaffAction, staffAction } from "../../../lib/staff-action.ts";
import { cashDeskStatusQueryKey } from "./get-cash-desk-status.ts";

/**
 * PUT api/cash-desk/table/{id}/bill: the table's (or take-away's) unbilled pieces become billed,
 * and the answer is the bill to print. Errors (a foreign table, nothing to bill) toast as usual.
 */
export function billTable(tableId: number): Promise<TableBill> {
  return sendStaffAction<TableBill>(staffAction("PUT", `/api/cash-desk/table/${tableId}/bill`));
}

/** The cards and the dot change with it; the pushes bring them, the status is read again too. */
export function useBillTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: billTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashDeskStatusQueryKey }),
  });
}
