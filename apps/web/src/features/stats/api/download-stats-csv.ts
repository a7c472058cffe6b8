import type { StatsRequest } from "@tableorder/domain/contracts/stats";
import { apiFetch } from "../../../lib/api-client.ts";

/**
 * POST api/stats/consumption.csv or payments.csv, saved as a file. A link cannot carry the bearer
 * token, so the file is fetched and handed to the browser as a download.
 */
export async function downloadStatsCsv(kind: "consumption" | "payments", request: StatsRequest): Promise<void> {
  const response = await apiFetch<string>(`/api/stats/${kind}.csv`, { method: "POST", body: request });
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `${kind}.csv`;
  // Reading the body as text drops the byte order mark Excel needs; it goes back in front.
  const text = response.data.startsWith("\uFEFF") ? response.data : `\uFEFF${response.data}`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
