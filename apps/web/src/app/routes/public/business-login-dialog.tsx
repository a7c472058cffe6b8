import { Link, useNavigate } from "react-router";
import { Dialog } from "../../../components/dialog.tsx";
import { ChefHatIcon, DashboardIcon, ServiceBellIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./public.module.css";

const AREAS = [
  { key: "admin", to: "/service/admin", Icon: DashboardIcon },
  { key: "prep", to: "/service/prep", Icon: ChefHatIcon },
  { key: "wait", to: "/service/wait", Icon: ServiceBellIcon },
] as const;

/** Choose which staff area to sign in to; closing returns to the home page where it was. */
export default function BusinessLoginDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog title={t("businessLogin.title")} onClose={() => navigate("/", { preventScrollReset: true })} testId="business-login">
      <ul className={styles.areas}>
        {AREAS.map((area) => (
          <li key={area.key}>
            <Link to={area.to} className={styles.area} data-testid={`business-login-${area.key}`}>
              <span className={styles.areaIcon}>
                <area.Icon size={24} />
              </span>
              <span>
                <strong>{t(`businessLogin.${area.key}`)}</strong>
                <small>{t(`businessLogin.${area.key}Hint`)}</small>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
