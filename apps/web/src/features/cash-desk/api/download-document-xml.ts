import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { apiFetch } from "../../../lib/api-client.ts";
import { attachmentName, saveFile } from "../../../lib/save-file.ts";

/** GET api/admin/documents/{id}/xml (ADMIN): the document as sent to myDATA, for the accountant. */
export async function downloadDocumentXml(document: FiscalDocument): Promise<void> {
  const response = await apiFetch<string>(`/api/admin/documents/${document.id}/xml`);
  const fallback = `${document.series}-${document.number}.xml`;
  saveFile(new Blob([response.data], { type: "application/xml" }), attachmentName(response.headers, fallback));
}
