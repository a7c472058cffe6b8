import type { TicketProduct } from "@tableorder/domain/contracts/kitchen";
import type { Allergen } from "@tableorder/domain/enums";
import { AlertIcon } from "../../../components/icons.tsx";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { lineChanges } from "../line-flags.ts";
import styles from "./kitchen.module.css";

/** The dish's own allergens as small marks on its line: always there, never shouting. */
export function AllergenMarks({ allergens }: { allergens: readonly Allergen[] }) {
  const { t } = useTranslation();
  if (allergens.length === 0) return null;
  return (
    <ul className={styles.allergenMarks} aria-label={t("menu.allergens")} data-testid="ticket-allergens">
      {allergens.map((a) => (
        <li key={a} className={styles.allergenMark}>
          {t(`allergen.${a}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A line's way, then what the guest changed or wrote (see lineChanges): in a red banner while it
 * waits, so it catches the eye before the dish is made; greyed with the line once it is done.
 */
export function LineChoices({
  product,
  done,
  size,
}: {
  product: TicketProduct;
  done: boolean;
  /** md on the board's compact cards, lg on the ticket's own screen. */
  size: "md" | "lg";
}) {
  const { t } = useTranslation();
  const changes = lineChanges(product);
  const way = <OptionsSummary size={size} preparationWay={product.preparationWay?.name} done={done} />;
  if (!changes) return way;
  const summary = (
    <OptionsSummary size={size} removed={changes.removed} extras={changes.extras} notes={changes.notes} done={done} />
  );
  return (
    <>
      {way}
      {done ? (
        summary
      ) : (
        <div className={styles.flagged} data-testid="ticket-flagged">
          <AlertIcon size={size === "lg" ? 22 : 18} />
          <span className="visually-hidden">{t("kitchen.flagged")}</span>
          {summary}
        </div>
      )}
    </>
  );
}
