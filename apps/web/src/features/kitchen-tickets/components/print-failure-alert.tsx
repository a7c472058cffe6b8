import { AlertIcon, PrinterIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import type { FailedTicketPrint } from "../printing/ticket-printer.ts";
import styles from "./print-failure-alert.module.css";

/**
 * Issue 15: a printer failure must be noticed at once in a loud kitchen. This banner, under the
 * header on every preparation screen, stays until the cook acknowledges it or every listed
 * ticket has printed; it lists what did not print, each with "print again". Auto-print keeps
 * retrying them by itself meanwhile, and later tickets print as usual.
 */
export function PrintFailureAlert({
  failed,
  canPrint,
  onPrintAgain,
  onAcknowledge,
}: {
  failed: readonly FailedTicketPrint[];
  /** The agent is connected and the area has a printer: "print again" can work. */
  canPrint: boolean;
  onPrintAgain: (key: string) => void;
  onAcknowledge: () => void;
}) {
  const { t, exists } = useTranslation();
  // The failure in the cook's words; an error code the screen does not know reads as unknown.
  const reason = (error: string) =>
    t(exists(`kitchen.printer.error.${error}`) ? `kitchen.printer.error.${error}` : "kitchen.printer.error.unknown");
  if (failed.length === 0) return null;
  return (
    <section className={styles.alert} role="alert" aria-labelledby="print-failure-title" data-testid="print-failure-alert">
      <header className={styles.head}>
        <AlertIcon size={36} />
        <div className={styles.headText}>
          <h2 id="print-failure-title" className={styles.title}>
            {t("kitchen.printer.alertTitle", { count: failed.length })}
          </h2>
          <p className={styles.body}>{t("kitchen.printer.alertBody")}</p>
        </div>
      </header>
      <ul className={styles.list}>
        {failed.map((item) => (
          <li
            key={item.key}
            className={styles.item}
            data-testid="failed-print"
            data-ticket-id={item.ticketId}
            data-kind={item.kind}
          >
            <span className={styles.ticket}>
              <strong>#{item.ticketNumber}</strong>
              <span>{t(item.serviceMode === "TAKE_AWAY" ? "kitchen.takeAway" : "kitchen.table", { name: item.tableName })}</span>
              {item.kind === "void-ticket" && <span className={styles.void}>{t("kitchen.printer.voidTicket")}</span>}
            </span>
            <span className={styles.reason}>{reason(item.error)}</span>
            <button
              type="button"
              className={styles.printAgain}
              disabled={!canPrint}
              onClick={() => onPrintAgain(item.key)}
              data-testid="print-again"
            >
              <PrinterIcon size={24} />
              {t("kitchen.printer.printAgain")}
            </button>
          </li>
        ))}
      </ul>
      {/* Below the list, where the toasts under the header never cover it. */}
      <footer className={styles.foot}>
        <button type="button" className={styles.acknowledge} onClick={onAcknowledge} data-testid="print-failure-acknowledge">
          {t("kitchen.printer.acknowledge")}
        </button>
      </footer>
    </section>
  );
}
