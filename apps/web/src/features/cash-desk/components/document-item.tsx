import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { isCancellableDocumentType } from "@tableorder/domain/fiscal/document-rules";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { AlertIcon } from "../../../components/icons.tsx";
import { Price } from "../../../components/price.tsx";
import { athensDateTime } from "../../../lib/athens-time.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./cash-desk.module.css";
import { DocumentQr } from "./document-qr.tsx";

/** A receipt can be cancelled (by a credit note) unless it already was. */
export function isCancellable(document: FiscalDocument): boolean {
  return document.orderFormStatus !== "CANCELLED" && isCancellableDocumentType(document.type);
}

/** The terminal a card part went through, as the receipt prints it: its type and TID. */
function terminalOf(document: FiscalDocument): string | null {
  const card = document.cardInfo;
  const name = [card?.type, card?.tid ? `TID ${card.tid}` : null].filter(Boolean).join(" ");
  return name || null;
}

/**
 * One fiscal document of a sale (spec 3 §3): type, series/number, issue time, MARK, total, how it
 * was paid and on which terminal, its lines, status and myDATA QR. Whoever stands at the till may
 * reprint it, marked ΑΝΤΙΓΡΑΦΟ, when the till's printer is reachable (`reprintBlocked` says why
 * not); the administrator may also cancel it or download its XML, which the server refuses the
 * cash desk (a refusal would end its session).
 */
export function DocumentItem({
  document,
  isAdmin,
  onCancel,
  onDownloadXml,
  onReprint,
  reprintBlocked,
  reprinting,
}: {
  document: FiscalDocument;
  isAdmin: boolean;
  onCancel: (document: FiscalDocument) => void;
  onDownloadXml: (document: FiscalDocument) => void;
  onReprint: (document: FiscalDocument) => void;
  /** Why a reprint cannot be sent now; null when it can. */
  reprintBlocked: string | null;
  reprinting: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const cancelled = document.orderFormStatus === "CANCELLED";
  const issued = athensDateTime(locale)(document.issuedAt);
  const terminal = terminalOf(document);
  return (
    <li className={styles.document} data-testid="fiscal-document" data-cancelled={cancelled}>
      <div className={styles.documentHead}>
        <span>{t(`cashDesk.documents.type.${document.type}`)}</span>
        <span>
          {document.series}/{document.number}
        </span>
        {cancelled && (
          <Badge tone="error" testId="document-cancelled">
            <AlertIcon size={14} /> {t("cashDesk.documents.cancelled")}
          </Badge>
        )}
      </div>
      <dl className={styles.documentMeta}>
        <dt>{t("cashDesk.documents.issuedAt")}</dt>
        <dd data-testid="document-issued">{issued}</dd>
        <dt>{t("cashDesk.documents.total")}</dt>
        <dd>
          <Price cents={document.totalAmount} />
        </dd>
        {document.payments.length > 0 && (
          <>
            <dt>{t("cashDesk.documents.payment")}</dt>
            <dd data-testid="document-payments">
              {/* One entry per way of payment. */}
              {document.payments.map((payment) => (
                <span key={payment.method} className={styles.documentPayment}>
                  {t(`cashDesk.documents.methods.${payment.method}`)} <Price cents={payment.amount} />
                </span>
              ))}
            </dd>
          </>
        )}
        {terminal && (
          <>
            <dt>{t("cashDesk.documents.terminal")}</dt>
            <dd data-testid="document-terminal">{terminal}</dd>
          </>
        )}
        {document.mark && (
          <>
            <dt>{t("cashDesk.documents.mark")}</dt>
            <dd>{document.mark}</dd>
          </>
        )}
        <dt>{t("cashDesk.documents.status")}</dt>
        <dd data-testid="document-status" data-status={document.status}>
          {t(`cashDesk.documents.statuses.${document.status}`)}
        </dd>
      </dl>
      {document.products.length > 0 && (
        <ul className={styles.documentLines} aria-label={t("cashDesk.documents.lines")} data-testid="document-lines">
          {document.products.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a document's lines have no id; their order is fixed
            <li key={index} className={styles.documentLine}>
              <span>
                {line.quantity}× {line.name}
              </span>
              <Price cents={Math.round(line.quantity * line.price)} />
            </li>
          ))}
        </ul>
      )}
      {document.myDataQrUrl && <DocumentQr url={document.myDataQrUrl} label={t("cashDesk.documents.qr")} />}
      <div className={styles.documentActions}>
        {reprintBlocked && (
          <p className={styles.documentNote} data-testid="document-reprint-blocked">
            {reprintBlocked}
          </p>
        )}
        <Button
          variant="secondary"
          onClick={() => onReprint(document)}
          disabled={reprintBlocked !== null}
          loading={reprinting}
          data-testid="document-reprint"
        >
          {t("cashDesk.documents.reprint")}
        </Button>
      </div>
      {isAdmin && (
        <div className={styles.documentActions}>
          <Button variant="secondary" onClick={() => onDownloadXml(document)} data-testid="document-xml">
            {t("cashDesk.documents.xml")}
          </Button>
          {isCancellable(document) && (
            <Button variant="danger" onClick={() => onCancel(document)} data-testid="document-cancel">
              {t("cashDesk.documents.cancel")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
