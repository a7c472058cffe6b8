import type { StatsRequest } from "@tableorder/domain/contracts/stats";
import { apiFetch } from "../../../lib/api-client.ts";
import { saveCsvFile } from "../../../lib/save-file.ts";

/**
 * POST api/stats/consumption.csv or payments.csv, saved as a file. A link cannot carry the bearer
 * token, so the file is fetched and handed to the browser as a download.
 */
export async function downloadStatsCsv(kind: "consumption" | "payments", request: StatsRequest): Promise<void> {
  const response = await apiFetch<string>(`/api/stats/${kind}.csv`, { method: "POST", body: request });
  saveCsvFile(response, `${kind}.csv`);
}
