import type { StatsRequest } from "@tableorder/domain/contracts/stats";
import { apiFetch } from "../../../lib/api-client.ts";
import { attachmentName, saveFile } from "../../../lib/save-file.ts";

/**
 * POST api/stats/consumption.csv or payments.csv, saved as a file. A link cannot carry the bearer
 * token, so the file is fetched and handed to the browser as a download.
 */
export async function downloadStatsCsv(kind: "consumption" | "payments", request: StatsRequest): Promise<void> {
  const response = await apiFetch<string>(`/api/stats/${kind}.csv`, { method: "POST", body: request });
  // Reading the body as text drops the byte order mark Excel needs; it goes back in front.
  const text = response.data.startsWith("\uFEFF") ? response.data : `\uFEFF${response.data}`;
  saveFile(new Blob([text], { type: "text/csv;charset=utf-8" }), attachmentName(response.headers, `${kind}.csv`));
}
