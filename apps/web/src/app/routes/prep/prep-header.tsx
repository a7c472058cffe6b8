import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { ArrowLeftIcon, PrinterIcon, SoundIcon, ToggleIcon, UndoIcon } from "../../../components/icons.tsx";
import { RealtimeIndicator } from "../../../components/realtime-indicator.tsx";
import { toast, useToastsBelow } from "../../../components/toasts.tsx";
import { displayName } from "../../../features/auth/has-authority.ts";
import { useUndoStack } from "../../../features/kitchen-tickets/hooks/use-undo-stack.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import type { RealtimeStatus } from "../../../lib/realtime.ts";
import styles from "./prep.module.css";
import type { PrepContext } from "./prep-context.ts";
import { PrepSettings } from "./prep-settings.tsx";

/**
 * The printer in words: connected, printing, failing, or absent. While tickets did not print and
 * the cook has put the alert away, it is a button that brings the list back.
 */
function PrinterStatus({ printing }: { printing: PrepContext["printing"] }) {
  const { t } = useTranslation();
  const { status, state, failed } = printing;
  const content = (
    <>
      <PrinterIcon size={20} />
      <span>{t(`kitchen.printer.${state}`)}</span>
      {failed.length > 0 && <span className={styles.badge}>{failed.length}</span>}
    </>
  );
  const props = {
    className: `${styles.printer} ${styles[`printer_${state}`] ?? ""}`,
    "data-testid": "printer-status",
    "data-status": status,
    "data-state": state,
  };
  if (failed.length > 0 && !printing.alert) {
    return (
      <button type="button" {...props} title={t("kitchen.printer.showFailed")} onClick={printing.showFailures}>
        {content}
      </button>
    );
  }
  return (
    <span {...props} title={printing.unavailable ? t(`kitchen.printer.hint.${printing.unavailable}`) : undefined}>
      {content}
    </span>
  );
}

/**
 * The area's header: its name and state, the ticket count, the live and printer connections,
 * and the cook's tools — undo, print, availability, settings — as large tap targets.
 */
export function PrepHeader({
  context,
  realtime,
  bell,
}: {
  context: PrepContext;
  realtime: RealtimeStatus;
  bell: { blocked: boolean; enable: () => void };
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { feed, tickets, area, basePath, printing, account } = context;
  const data = feed.data;
  const undo = useUndoStack(area, data);
  const onFeed = pathname === basePath || pathname === `${basePath}/`;
  const unprinted = tickets.filter((ticket) => !ticket.isPrinted).length;
  const canPrint = printing.ready;
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);

  return (
    <header className={styles.header} ref={headerRef} data-testid="prep-header">
      <div className={styles.headerStart}>
        <div className={styles.titleRow}>
          <h1 className={styles.title} data-testid="kitchen-area">
            {data?.label ?? displayName(account)}
          </h1>
          {data && (
            <span
              className={data.isPreparationAreaAvailable ? styles.open : styles.closed}
              data-testid="area-state"
              data-open={data.isPreparationAreaAvailable}
            >
              {data.isPreparationAreaAvailable ? t("kitchen.open") : t("kitchen.closed")}
            </span>
          )}
          {data && (
            <span className={styles.count} data-testid="kitchen-ticket-count">
              {t("kitchen.tickets", { count: tickets.length })}
            </span>
          )}
        </div>
        <div className={styles.statusRow}>
          <RealtimeIndicator status={realtime} />
          <PrinterStatus printing={printing} />
        </div>
      </div>
      <nav className={styles.headerEnd} aria-label={t("kitchen.settings")}>
        {bell.blocked && (
          <button
            type="button"
            className={`${styles.headerButton} ${styles.attention}`}
            onClick={bell.enable}
            data-testid="enable-sound"
          >
            <SoundIcon size={26} />
            <span className={styles.headerButtonText}>{t("kitchen.enableSound")}</span>
          </button>
        )}
        <button
          type="button"
          className={styles.headerButton}
          disabled={undo.disabled}
          aria-busy={undo.isPending || undefined}
          title={
            undo.top
              ? t("kitchen.undoLabel", { table: undo.top.tableName, ticket: undo.top.ticketNumber })
              : t("kitchen.undoEmpty")
          }
          onClick={() => undo.undo({ onSuccess: () => toast.success(t("kitchen.undone")) })}
          data-testid="undo"
          data-size={undo.size}
        >
          <UndoIcon size={26} />
          <span className={styles.headerButtonText}>{t("kitchen.undo")}</span>
          {undo.size > 0 && <span className={styles.badge}>{undo.size}</span>}
        </button>
        <button
          type="button"
          className={styles.headerButton}
          disabled={!canPrint || unprinted === 0}
          title={printing.unavailable ? t(`kitchen.printer.hint.${printing.unavailable}`) : undefined}
          onClick={printing.printUnprinted}
          data-testid="print-unprinted"
        >
          <PrinterIcon size={26} />
          <span className={styles.headerButtonText}>{t("kitchen.printNew")}</span>
          {canPrint && unprinted > 0 && <span className={styles.badge}>{unprinted}</span>}
        </button>
        {onFeed ? (
          <Link to={`${basePath}/availability`} className={styles.headerButton} data-testid="open-availability">
            <ToggleIcon size={26} />
            <span className={styles.headerButtonText}>{t("kitchen.availability")}</span>
          </Link>
        ) : (
          <Link to={basePath} className={styles.headerButton} data-testid="back-to-feed">
            <ArrowLeftIcon size={26} />
            <span className={styles.headerButtonText}>{t("kitchen.backToFeed")}</span>
          </Link>
        )}
        <PrepSettings context={context} />
      </nav>
    </header>
  );
}
