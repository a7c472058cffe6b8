import { useRouteError } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./shell.module.css";

/** A screen that failed to load or render (e.g. a chunk lost after a deploy): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className={styles.centerPage} role="alert">
      <h1>{t("common.somethingWrong")}</h1>
      <button type="button" className={styles.linkButton} onClick={() => window.location.reload()}>
        {t("common.reload")}
      </button>
    </main>
  );
}
