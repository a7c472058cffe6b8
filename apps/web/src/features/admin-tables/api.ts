import type { CrmTable, TableFormInput } from "@tableorder/domain/contracts/crm-tables";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, apiGet } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { saveFile } from "../../lib/save-file.ts";
import { getToken } from "../../lib/session.ts";

export const TABLES_KEY = ["crm", "tables"] as const;

export function useCrmTables() {
  return useQuery({ queryKey: TABLES_KEY, queryFn: ({ signal }) => apiGet<CrmTable[]>("/api/crm/tables", { signal }) });
}

/** One table's query, under the list's key so a change to the list refreshes it too. */
export const tableKey = (id: number | null) => [...TABLES_KEY, id] as const;

export function useCrmTable(id: number | null) {
  return useQuery({
    queryKey: tableKey(id),
    queryFn: ({ signal }) => apiGet<CrmTable>(`/api/crm/tables/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Create (no id) or update a table; the caller shows its field and keyed errors itself. */
export async function saveTable(id: number | null, body: TableFormInput): Promise<CrmTable> {
  const path = id === null ? "/api/crm/tables" : `/api/crm/tables/${id}`;
  return (await apiFetch<CrmTable>(path, { method: id === null ? "POST" : "PUT", body, quiet: true })).data;
}

export async function deleteTable(id: number): Promise<void> {
  await apiFetch(`/api/crm/tables/${id}`, { method: "DELETE" });
}

/** The QR files need the staff token, so they are fetched rather than linked. */
async function fetchAuthorized(path: string): Promise<Blob> {
  const token = getToken();
  // The print views are written in the reader's language.
  const headers: Record<string, string> = { "Accept-Language": currentLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

export async function downloadTableQrSvg(table: CrmTable): Promise<void> {
  saveFile(await fetchAuthorized(`/api/crm/tables/${table.id}/qr.svg`), `table-${table.code}.svg`);
}

/** The PNG is drawn from the server's SVG, so both carry the same code. */
export async function downloadTableQrPng(table: CrmTable, size = 1024): Promise<void> {
  const svg = await fetchAuthorized(`/api/crm/tables/${table.id}/qr.svg`);
  const url = URL.createObjectURL(svg);
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("qr image"));
      image.src = url;
    });
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("canvas");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, size, size);
    context.drawImage(image, 0, 0, size, size);
    const png = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("png"))), "image/png"),
    );
    saveFile(png, `table-${table.code}.png`);
  } finally {
    URL.revokeObjectURL(url);
  }
}

function openForPrint(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const win = window.open(url, "_blank");
  if (win) win.addEventListener("load", () => win.print(), { once: true });
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The server's printable card of one table's QR code, laid out as the sheet's cards are. */
export async function printTableQr(table: CrmTable): Promise<void> {
  openForPrint(await fetchAuthorized(`/api/crm/tables/${table.id}/qr-print`));
}

/** The server's printable A4 sheet of every table's QR code. */
export async function printQrSheet(): Promise<void> {
  openForPrint(await fetchAuthorized("/api/crm/tables/qr-sheet"));
}
