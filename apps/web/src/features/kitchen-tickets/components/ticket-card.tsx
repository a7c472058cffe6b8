import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { elapsedMinutes } from "../elapsed-minutes.ts";
import styles from "./kitchen.module.css";

// Tickets waiting this long stand out, so the oldest is never forgotten.
const WARN_AFTER_MINUTES = 10;
const LATE_AFTER_MINUTES = 20;

function TicketProductRow({ product }: { product: TicketProduct }) {
  const { t } = useTranslation();
  const prepared = product.status !== "SENT";
  return (
    <li className={`${styles.product} ${prepared ? styles.prepared : ""}`} data-testid="ticket-product" data-name={product.name}>
      <div className={styles.productLine}>
        <span className={styles.quantity}>{product.quantity}×</span>
        <span className={styles.productName}>{product.name}</span>
        {prepared && <span className={styles.preparedMark}>{t("kitchen.prepared")}</span>}
      </div>
      <OptionsSummary
        size="lg"
        preparationWay={product.preparationWay?.name}
        removed={product.removedIngredients.map((i) => i.name)}
        extras={product.extraIngredientIds.map((i) => i.name)}
        notes={product.notes}
      />
      {product.allergens.length > 0 && (
        <p className={styles.allergens} data-testid="ticket-allergens">
          <span aria-hidden="true">⚠ </span>
          {t("menu.allergens")}: {product.allergens.map((a) => t(`allergen.${a}`)).join(", ")}
        </p>
      )}
    </li>
  );
}

/** One ticket as the cook reads it from a distance: table, age, how it is served, who sent it, what to make. */
export function TicketCard({ ticket, now }: { ticket: KitchenTicket; now: number }) {
  const { t } = useTranslation();
  const minutes = elapsedMinutes(ticket.timestamp, now);
  const urgency = minutes >= LATE_AFTER_MINUTES ? styles.late : minutes >= WARN_AFTER_MINUTES ? styles.warn : "";
  const senderName = [ticket.sentBy.firstName, ticket.sentBy.lastName].filter(Boolean).join(" ").trim();
  return (
    <article
      className={`${styles.ticket} ${urgency}`}
      data-testid="kitchen-ticket"
      data-ticket-id={ticket.id}
      aria-labelledby={`ticket-${ticket.id}`}
    >
      <header className={styles.ticketHeader}>
        <h2 id={`ticket-${ticket.id}`} className={styles.table}>
          {t("kitchen.table", { name: ticket.tableName })}
        </h2>
        <span className={styles.elapsed}>
          <span aria-hidden="true" data-testid="ticket-elapsed">
            {t("kitchen.elapsed", { minutes })}
          </span>
          <span className="visually-hidden">{t("kitchen.elapsedLabel", { minutes })}</span>
        </span>
      </header>
      <p className={styles.meta}>
        <span className={styles.mode}>{t(`kitchen.serviceMode.${ticket.serviceMode}`)}</span>
        <span data-testid="ticket-sender">
          {t(`kitchen.sender.${ticket.sentBy.type}`)}
          {senderName && ` · ${senderName}`}
        </span>
        <span className={styles.ticketNo}>#{ticket.ticketId}</span>
      </p>
      <ul className={styles.products}>
        {ticket.products.map((product) => (
          <TicketProductRow key={product.id} product={product} />
        ))}
      </ul>
    </article>
  );
}
