import QRCode from "qrcode";
import { useMemo } from "react";

/**
 * The myDATA QR code of a document, drawn as SVG squares (no markup injected), the one the receipt
 * carries: a customer who lost the paper can scan it from the screen.
 */
export function DocumentQr({ url, label }: { url: string; label: string }) {
  const path = useMemo(() => {
    try {
      const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
      let d = "";
      for (let row = 0; row < modules.size; row++) {
        for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
      }
      return { d, size: modules.size };
    } catch {
      return null;
    }
  }, [url]);
  if (!path) return null;
  const view = path.size + 4;
  return (
    <svg viewBox={`-2 -2 ${view} ${view}`} width={120} height={120} role="img" aria-label={label} data-testid="document-qr">
      <rect x={-2} y={-2} width={view} height={view} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
