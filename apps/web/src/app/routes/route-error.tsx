import { Component, type ReactNode } from "react";
import { useRouteError } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./shell.module.css";

/** A screen that failed to load or render (e.g. a chunk lost after a deploy): offer a reload. */
function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <main className={styles.centerPage} role="alert">
      <h1>{t("common.somethingWrong")}</h1>
      <button type="button" className={styles.linkButton} onClick={() => window.location.reload()}>
        {t("common.reload")}
      </button>
    </main>
  );
}

/** The data router's error element. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen />;
}

/** The same screen for the guest's root (declarative routes have no error element). */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
