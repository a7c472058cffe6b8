import { Link, Outlet, useNavigate } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { useWaitingActions } from "../../../../components/staff-outbox-banner.tsx";
import { WaitingActions } from "../../../../components/waiting-actions.tsx";
import { useCreateTakeAway } from "../../../../features/cash-desk/api/create-take-away.ts";
import { type CardKind, useCashDeskCards } from "../../../../features/cash-desk/api/get-cash-desk-cards.ts";
import { BillCard } from "../../../../features/cash-desk/components/bill-card.tsx";
import { CardSkeletons } from "../../../../features/cash-desk/components/card-skeletons.tsx";
import styles from "../../../../features/cash-desk/components/cash-desk.module.css";
import { useLiveCashDeskCards } from "../../../../features/cash-desk/hooks/use-live-cash-desk-cards.ts";
import { takeAwaysOpenFirst } from "../../../../features/cash-desk/take-away-order.ts";
import { REGISTER_SALE_PATH } from "../../../../features/cash-register/api/issue-receipt.ts";
import { errorMessage } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { staffActionTableId } from "../../../../lib/staff-action-names.ts";
import type { BillAction } from "./bill-action.ts";
import pageStyles from "./cash-desk.module.css";

/** Where a card opens its service modal (spec 3 §2.3): tables/table/{id}/{label}, take-away/take-away/{id}/{label}. */
const cardPath = (kind: CardKind, id: number, label: string) =>
  `${kind === "tables" ? "table" : "take-away"}/${id}/${encodeURIComponent(label)}`;

/** The take-away tab's "New take-away": the server names it, then its service modal opens. */
function NewTakeAwayButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTakeAway();
  return (
    <Button
      loading={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: ({ takeAwayId, takeAwayLabel }) => navigate(cardPath("take-away", takeAwayId, takeAwayLabel)),
        })
      }
      data-testid="new-take-away"
    >
      {t("cashDesk.cards.newTakeAway")}
    </Button>
  );
}

/**
 * The tables and take-away tabs (spec 3 §2.3): live cards of the open bills, each opening the
 * service modal, with the Bill action and the cash register; the modals render in the Outlet.
 */
export function CardsTab({ kind, billAction }: { kind: CardKind; billAction: BillAction }) {
  const { t } = useTranslation();
  const cards = useCashDeskCards(kind);
  useLiveCashDeskCards(kind);
  const list = kind === "take-away" && cards.data ? takeAwaysOpenFirst(cards.data) : cards.data;
  // Bills taken offline wait on the device: their cards say so until they are sent (issue 31).
  const waiting = useWaitingActions().map((entry) => entry.action);
  const billsWaiting = new Set(waiting.filter((action) => /\/bill$/.test(action.path)).map(staffActionTableId));
  return (
    <section data-testid={`cash-desk-${kind}`}>
      <div className={pageStyles.toolbar}>
        {kind === "take-away" && <NewTakeAwayButton />}
        <Link to="cash-register" className={pageStyles.registerLink} data-testid="open-cash-register">
          {t("cashDesk.cashRegister")}
        </Link>
      </div>
      <WaitingActions about={(action) => action.path === REGISTER_SALE_PATH} />
      {cards.isPending && <CardSkeletons />}
      {cards.isError && !list && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(cards.error)}</p>
          <Button variant="secondary" onClick={() => void cards.refetch()}>
            {t("cashDesk.retry")}
          </Button>
        </div>
      )}
      {list && list.length === 0 && (
        <p className={styles.empty}>{kind === "tables" ? t("cashDesk.cards.noTables") : t("cashDesk.cards.noTakeAways")}</p>
      )}
      {list && list.length > 0 && (
        <ul className={styles.grid}>
          {list.map((card) => (
            <BillCard
              key={card.id}
              card={card}
              takeAway={kind !== "tables"}
              to={cardPath(kind, card.id, card.name)}
              billing={billAction.billingId === card.id}
              billWaiting={billsWaiting.has(card.id)}
              onBill={(target) => void billAction.bill(target)}
            />
          ))}
        </ul>
      )}
      <Outlet />
    </section>
  );
}
