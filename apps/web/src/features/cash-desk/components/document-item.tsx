import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { isCancellableDocumentType } from "@tableorder/domain/fiscal/document-rules";
import { Badge } from "../../../components/badge.tsx";
import { Button } from "../../../components/button.tsx";
import { AlertIcon } from "../../../components/icons.tsx";
import { Price } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./cash-desk.module.css";

/** A receipt can be cancelled (by a credit note) unless it already was. */
export function isCancellable(document: FiscalDocument): boolean {
  return document.orderFormStatus !== "CANCELLED" && isCancellableDocumentType(document.type);
}

/**
 * One fiscal document of a sale (spec 3 §3): type, series/number, MARK, total, status. The
 * administrator may cancel it or download its XML; the cash desk only reads (the server refuses
 * it those calls, and a refusal would end its session).
 */
export function DocumentItem({
  document,
  isAdmin,
  onCancel,
  onDownloadXml,
}: {
  document: FiscalDocument;
  isAdmin: boolean;
  onCancel: (document: FiscalDocument) => void;
  onDownloadXml: (document: FiscalDocument) => void;
}) {
  const { t } = useTranslation();
  const cancelled = document.orderFormStatus === "CANCELLED";
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
        <dt>{t("cashDesk.documents.total")}</dt>
        <dd>
          <Price cents={document.totalAmount} />
        </dd>
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
