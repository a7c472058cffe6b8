import type { Account } from "@tableorder/domain/contracts/auth";
import { Button } from "../../../components/button.tsx";
import { LanguageToggle } from "../../../components/language-toggle.tsx";
import { displayName } from "../../../features/auth/has-authority.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import styles from "./staff.module.css";
import type { StaffAreaKey } from "./staff-area.tsx";

const ROLE_OF: Record<string, string> = {
  ROLE_ADMIN: "ADMIN",
  ROLE_CASH_DESK: "CASH_DESK",
  ROLE_EMPLOYEE: "WAITER",
  ROLE_PREPARATION_AREA: "COOK",
};

/** A signed-in staff member's start page until the area's own screens exist. */
export function StaffLanding({ area, account }: { area: StaffAreaKey; account: Account }) {
  const { t } = useTranslation();
  const name = displayName(account);
  const role = account.authorities.map((a) => ROLE_OF[a]).find(Boolean);
  return (
    <div className={styles.areaShell}>
      <header className={styles.areaHeader}>
        <h1 className={styles.areaTitle}>{t(`staffLogin.title.${area}`)}</h1>
        <div className={styles.areaActions}>
          <span className={styles.signedIn}>{t("staffLogin.signedInAs", { name })}</span>
          <LanguageToggle />
          <Button variant="secondary" onClick={() => clearSession()} data-testid="staff-logout">
            {t("common.logout")}
          </Button>
        </div>
      </header>
      <main className={styles.landing} data-testid={`staff-landing-${area}`}>
        <h2>{t("staffLogin.welcome", { name })}</h2>
        {role && <p className={styles.role}>{t(`staffLogin.role.${role}`)}</p>}
        <p>{t("staffLogin.pending")}</p>
      </main>
    </div>
  );
}
