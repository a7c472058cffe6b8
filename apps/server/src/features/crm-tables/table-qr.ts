import QRCode from "qrcode";

/** Quiet zone around the code, in modules; scanners need 4 (ISO/IEC 18004). */
const QUIET_ZONE = 4;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** The dark modules of a QR code for a URL, as one SVG path in module units. */
function qrPath(url: string): { size: number; path: string } {
  // Level M survives a scratched or partly covered sticker on a table.
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join("") };
}

/**
 * A table's QR code as a standalone SVG, with the table's label underneath so a printed sticker
 * says which table it belongs to. The URL is also in the title, for people and for tests.
 */
export function renderTableQrSvg(options: { url: string; caption: string }): string {
  const { size, path } = qrPath(options.url);
  const captionHeight = 6;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size + captionHeight}" width="${(size + captionHeight) * 8}" height="${(size + captionHeight) * 8}" shape-rendering="crispEdges" data-url="${escapeXml(options.url)}">`,
    `<title>${escapeXml(options.url)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<path d="${path}" fill="#000"/>`,
    `<text x="${size / 2}" y="${size + captionHeight / 2}" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="4" fill="#000">${escapeXml(options.caption)}</text>`,
    "</svg>",
  ].join("");
}

/** What a printed QR card says around the code, in the sheet's language. */
const PRINT_TEXTS = {
  el: { sheetTitle: "QR κωδικοί τραπεζιών", scanToOrder: "Σαρώστε για να παραγγείλετε" },
  en: { sheetTitle: "Table QR codes", scanToOrder: "Scan to order" },
} as const;

/**
 * A printable page of QR cards, one per table: the venue's name, the code, the table's label
 * once, a "scan to order" line and the URL for a phone that cannot scan. Every table's sheet is
 * A4, 3 by 4; one table's card (`single`) is a large sticker. Plain HTML and CSS: the browser's
 * print dialog turns it into paper or a PDF.
 */
export function renderQrSheetHtml(options: {
  venueName: string;
  tables: { caption: string; url: string }[];
  lang: string;
  single?: boolean;
}): string {
  const texts = options.lang === "en" ? PRINT_TEXTS.en : PRINT_TEXTS.el;
  const venue = escapeXml(options.venueName);
  const cards = options.tables.map(({ caption, url }) => {
    const { size, path } = qrPath(url);
    return `<figure class="card"><p class="venue">${venue}</p><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="${escapeXml(caption)}"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg><figcaption><strong>${escapeXml(caption)}</strong><em>${texts.scanToOrder}</em><span>${escapeXml(url)}</span></figcaption></figure>`;
  });
  const title = options.single ? `${options.tables[0]?.caption ?? ""} · ${options.venueName}` : texts.sheetTitle;
  return `<!doctype html>
<html lang="${escapeXml(options.lang)}">
<head>
<meta charset="utf-8">
<title>${escapeXml(title)}</title>
<style>
  @page { size: A4; margin: 10mm; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: sans-serif; color: #000; background: #fff; }
  .sheet { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6mm; }
  .card { display: flex; flex-direction: column; align-items: center; margin: 0; padding: 4mm; border: 0.3mm dashed #999; text-align: center; break-inside: avoid; height: 66mm; }
  .venue { margin: 0 0 1mm; font-size: 9pt; font-weight: 700; text-transform: uppercase; letter-spacing: 0.05em; }
  .card svg { width: 38mm; height: 38mm; }
  .card figcaption { display: flex; flex-direction: column; gap: 0.5mm; }
  .card strong { font-size: 14pt; }
  .card em { font-size: 9pt; font-style: normal; }
  .card span { font-size: 6pt; word-break: break-all; color: #333; }
  .single { display: grid; place-items: center; min-height: 250mm; }
  .single .card { width: 120mm; height: auto; padding: 10mm; gap: 3mm; }
  .single .venue { font-size: 18pt; }
  .single .card svg { width: 90mm; height: 90mm; }
  .single .card strong { font-size: 28pt; }
  .single .card em { font-size: 16pt; }
  .single .card span { font-size: 9pt; }
</style>
</head>
<body>
<main class="${options.single ? "single" : "sheet"}">
${cards.join("\n")}
</main>
</body>
</html>
`;
}
