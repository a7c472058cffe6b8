import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { Button } from "../../../components/button.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

/** Asks before one piece of a sent order is taken back (spec 1 §2, payment screen note). */
export function RemoveItemDialog({
  item,
  busy,
  onConfirm,
  onClose,
}: {
  item: TableFeedItem;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("customer.removeConfirmTitle")} onClose={onClose} testId="remove-item-dialog">
      <p className={styles.confirmText}>{t("customer.removeConfirmText", { name: item.name })}</p>
      <div className={styles.confirmActions}>
        <Button variant="secondary" onClick={onClose} data-testid="remove-item-cancel">
          {t("common.cancel")}
        </Button>
        <Button variant="danger" onClick={onConfirm} loading={busy} data-testid="remove-item-confirm">
          {t("customer.removeItem")}
        </Button>
      </div>
    </Dialog>
  );
}
