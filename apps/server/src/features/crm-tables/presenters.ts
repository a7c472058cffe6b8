import type { CrmTable } from "@tableorder/domain/contracts/crm-tables";
import type { TableView } from "./load-tables.ts";

/** The page a table's QR code opens: the guest screen for that table's code. */
export function customerUrl(baseUrl: string, code: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/service/customer/${encodeURIComponent(code)}`;
}

export function presentTable(view: TableView, baseUrl: string): CrmTable {
  const { table } = view;
  return {
    id: table.id,
    code: table.code,
    label: table.label,
    waiterIds: view.waiterIds,
    onService: table.onService,
    hasActiveSession: view.hasActiveSession,
    customerUrl: customerUrl(baseUrl, table.code),
  };
}
