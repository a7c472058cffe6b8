import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { Dialog } from "../../../../components/dialog.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { useCancelDocument } from "../../../../features/cash-desk/api/cancel-document.ts";
import { downloadDocumentXml } from "../../../../features/cash-desk/api/download-document-xml.ts";
import { useTicketDocuments } from "../../../../features/cash-desk/api/get-ticket-documents.ts";
import styles from "../../../../features/cash-desk/components/cash-desk.module.css";
import { DocumentItem } from "../../../../features/cash-desk/components/document-item.tsx";
import type { TillPrinter } from "../../../../features/cash-desk/hooks/use-till-printer.ts";
import { errorMessage } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import pageStyles from "./cash-desk.module.css";
import { CASH_DESK_BASE } from "./cash-desk-paths.ts";

/** What the documents popup needs of the till's printer: a copy of a document on request. */
export type DocumentReprinter = Pick<TillPrinter, "ready" | "reprint">;

/** The sale's documents, and the confirmation before one is cancelled (spec 3 §2.4, §7.2). */
function DocumentList({ ticketId, isAdmin, till }: { ticketId: number; isAdmin: boolean; till: DocumentReprinter }) {
  const { t } = useTranslation();
  const documents = useTicketDocuments(ticketId);
  const cancel = useCancelDocument(ticketId);
  const [confirming, setConfirming] = useState<FiscalDocument | null>(null);
  const [reprinting, setReprinting] = useState<number | null>(null);
  const onReprint = (document: FiscalDocument) => {
    setReprinting(document.id);
    void till
      .reprint(document)
      .then((result) =>
        result.ok ? toast.success(t("cashDesk.documents.reprinted")) : toast.error(t("cashDesk.documents.reprintFailed")),
      )
      .finally(() => setReprinting(null));
  };

  if (confirming) {
    return (
      <div data-testid="document-cancel-confirm">
        <p>{t("cashDesk.documents.confirmCancel")}</p>
        {cancel.isError && (
          <p className={styles.problem} role="alert">
            {errorMessage(cancel.error)}
          </p>
        )}
        <div className={pageStyles.confirmActions}>
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={cancel.isPending}>
            {t("cashDesk.documents.confirmNo")}
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() =>
              // The list read again shows the document's 'Ακυρώθηκε' badge: that is the answer.
              cancel.mutate(confirming.id, { onSuccess: () => setConfirming(null) })
            }
            data-testid="document-cancel-yes"
          >
            {t("cashDesk.documents.confirmYes")}
          </Button>
        </div>
      </div>
    );
  }
  if (documents.isPending) return <DelayedSkeleton rows={2} rowHeight={96} />;
  if (documents.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>{errorMessage(documents.error)}</p>
        <Button variant="secondary" onClick={() => void documents.refetch()}>
          {t("cashDesk.retry")}
        </Button>
      </div>
    );
  }
  if (documents.data.length === 0) {
    return (
      <p className={styles.empty} data-testid="documents-empty">
        {t("cashDesk.documents.empty")}
      </p>
    );
  }
  return (
    <ul className={styles.documents}>
      {documents.data.map((document) => (
        <DocumentItem
          key={document.id}
          document={document}
          isAdmin={isAdmin}
          onReprint={onReprint}
          reprintBlocked={till.ready ? null : t("cashDesk.documents.reprintUnavailable")}
          reprinting={reprinting === document.id}
          onDownloadXml={(chosen) => void downloadDocumentXml(chosen).catch(() => {})}
          onCancel={(chosen) => {
            cancel.reset();
            setConfirming(chosen);
          }}
        />
      ))}
    </ul>
  );
}

/** history/ticket/{ticketId}: the popup over the history (spec 3 §2.4). */
export function DocumentsDialog({ isAdmin, till }: { isAdmin: boolean; till: DocumentReprinter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ticketId = Number(useParams().ticketId);
  const valid = Number.isInteger(ticketId) && ticketId > 0;
  return (
    <Dialog
      title={t("cashDesk.documents.title", { number: valid ? ticketId : "" })}
      onClose={() => navigate(`${CASH_DESK_BASE}/history`)}
      testId="documents-dialog"
    >
      {valid ? (
        <DocumentList ticketId={ticketId} isAdmin={isAdmin} till={till} />
      ) : (
        <p role="alert">{t("cashDesk.documents.empty")}</p>
      )}
    </Dialog>
  );
}
