import { Link, useParams } from "react-router";
import { LanguageToggle } from "../../../components/language-toggle.tsx";
import { SetPasswordForm } from "../../../features/auth/components/set-password-form.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./staff.module.css";

/** /service/set-password/{token}: where a one-time link lets a new account choose its password. */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  return (
    <main className={styles.loginPage} data-testid="set-password-page">
      <div className={styles.loginTop}>
        <Link to="/" className={styles.brand}>
          {t("app.name")}
        </Link>
        <LanguageToggle />
      </div>
      <SetPasswordForm token={token} />
    </main>
  );
}
