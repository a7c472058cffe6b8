/**
 * Hands a file to the browser as a download. Files behind the staff's bearer token (QR codes,
 * CSV exports, a document's XML) are fetched and saved this way, since a link cannot carry it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name a Content-Disposition header names, or the fallback. */
export function attachmentName(headers: Headers, fallback: string): string {
  return /filename="([^"]+)"/.exec(headers.get("content-disposition") ?? "")?.[1] ?? fallback;
}

/**
 * A CSV the server sent, saved as a file. Reading the body as text drops the byte order mark Excel
 * needs to read it as UTF-8; it goes back in front.
 */
export function saveCsvFile(response: { data: string; headers: Headers }, fallback: string): void {
  const text = response.data.startsWith("\uFEFF") ? response.data : `\uFEFF${response.data}`;
  saveFile(new Blob([text], { type: "text/csv;charset=utf-8" }), attachmentName(response.headers, fallback));
}
