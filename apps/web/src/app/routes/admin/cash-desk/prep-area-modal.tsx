import type { Account } from "@tableorder/domain/contracts/auth";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import type { KitchenArea } from "../../../../features/kitchen-tickets/kitchen-area.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { PrepArea } from "../../prep/prep-layout.tsx";
import { CASH_DESK_BASE } from "./cash-desk-paths.ts";
import { Overlay } from "./overlay.tsx";

/**
 * prep-areas/prep-area/{id}/* (spec 3 §2.3): the preparation area's own screens — feed, ticket,
 * availability — mounted for the area the cash desk chose. It listens to /topic/kitchen/{id}, and
 * prints unprinted tickets through the same printer queue a cook's screen uses.
 */
export function PrepAreaModal({ account }: { account: Account }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const areaId = Number(id);
  const valid = Number.isInteger(areaId) && areaId > 0;
  const area = useMemo<KitchenArea>(() => ({ areaId, cashDesk: true }), [areaId]);
  const tabPath = `${CASH_DESK_BASE}/prep-areas`;
  const close = () => navigate(tabPath);
  return (
    <Overlay label={t("cashDesk.tabs.prep-areas")} onClose={close} testId="prep-area-modal">
      {valid ? (
        <PrepArea account={account} area={area} basePath={`${tabPath}/prep-area/${areaId}`} />
      ) : (
        <p role="alert">{t("cashDesk.prepAreas.notFound")}</p>
      )}
    </Overlay>
  );
}
