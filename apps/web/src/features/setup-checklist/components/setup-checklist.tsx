import type { SetupChecklist } from "@tableorder/domain/contracts/crm-retailer";
import { Link } from "react-router";
import { CheckIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useSetupChecklist } from "../api.ts";
import styles from "./setup-checklist.module.css";

/** The guide's steps in the order a venue is set up, each with the screen that does it. */
const STEPS: { key: keyof SetupChecklist; to: string }[] = [
  { key: "shopDetails", to: "settings" },
  { key: "categoryAndProduct", to: "products" },
  { key: "preparationArea", to: "preparation-area" },
  { key: "tablesAndQrSheet", to: "tables" },
  { key: "waiter", to: "wait" },
  { key: "invoicing", to: "invoicing-settings" },
];

/**
 * A new venue's first-run guide on the administrator's landing page (issue 18): six steps that
 * tick themselves as the venue's data shows each one done, each linking to its screen. Once every
 * step is done the guide is gone; an established venue never sees it.
 */
export function SetupChecklistCard({ adminBase }: { adminBase: string }) {
  const { t } = useTranslation();
  const checklist = useSetupChecklist(true);
  if (!checklist.data) return null;
  const done = STEPS.filter((step) => checklist.data[step.key]).length;
  if (done === STEPS.length) return null;
  return (
    <section className={styles.card} aria-labelledby="setup-checklist-title" data-testid="setup-checklist">
      <h2 id="setup-checklist-title">{t("admin.setup.title")}</h2>
      <p className={styles.progress}>{t("admin.setup.progress", { done, total: STEPS.length })}</p>
      <ol className={styles.steps}>
        {STEPS.map((step) => {
          const isDone = checklist.data[step.key];
          return (
            <li key={step.key} className={isDone ? styles.done : undefined} data-testid={`setup-${step.key}`} data-done={isDone}>
              <span className={styles.mark} aria-hidden="true">
                {isDone && <CheckIcon size={16} />}
              </span>
              <Link to={`${adminBase}/${step.to}`}>
                <strong>{t(`admin.setup.steps.${step.key}.title`)}</strong>
                <span>{t(`admin.setup.steps.${step.key}.hint`)}</span>
              </Link>
              <span className={styles.state}>{isDone ? t("admin.setup.done") : t("admin.setup.todo")}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
