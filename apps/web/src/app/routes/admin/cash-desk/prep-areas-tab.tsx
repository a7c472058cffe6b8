import { Link, Outlet } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { usePrepAreaCards } from "../../../../features/cash-desk/api/get-prep-area-cards.ts";
import styles from "../../../../features/cash-desk/components/cash-desk.module.css";
import { PrepAreaRow } from "../../../../features/cash-desk/components/prep-area-row.tsx";
import { useLivePrepAreaCards } from "../../../../features/cash-desk/hooks/use-live-prep-area-cards.ts";
import { errorMessage } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import pageStyles from "./cash-desk.module.css";

/** The preparation areas tab (spec 3 §2.3): live rows; a row opens its area's screens in a modal. */
export function PrepAreasTab() {
  const { t } = useTranslation();
  const areas = usePrepAreaCards();
  useLivePrepAreaCards();
  const list = areas.data;
  return (
    <section data-testid="cash-desk-prep-areas">
      <div className={pageStyles.toolbar}>
        <Link to="cash-register" className={pageStyles.registerLink} data-testid="open-cash-register">
          {t("cashDesk.cashRegister")}
        </Link>
      </div>
      {areas.isPending && <DelayedSkeleton rows={3} rowHeight={72} />}
      {areas.isError && !list && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(areas.error)}</p>
          <Button variant="secondary" onClick={() => void areas.refetch()}>
            {t("cashDesk.retry")}
          </Button>
        </div>
      )}
      {list && list.length === 0 && <p className={styles.empty}>{t("cashDesk.prepAreas.empty")}</p>}
      {list && list.length > 0 && (
        <ul className={styles.areaRows}>
          {list.map((area) => (
            <PrepAreaRow key={area.id} area={area} to={`prep-area/${area.id}`} />
          ))}
        </ul>
      )}
      <Outlet />
    </section>
  );
}
