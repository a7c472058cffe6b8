import type { SetPasswordLink } from "@tableorder/domain/contracts/operator";
import { Button } from "../../../components/button.tsx";
import { toast } from "../../../components/toasts.tsx";
import { athensDateTime } from "../../../lib/athens-time.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import styles from "./operator.module.css";

/**
 * A set-password link, shown once for the operator to pass on: only its hash is kept, so it
 * cannot be shown again (a new one can be issued, which ends this one).
 */
export function LinkPanel({ venueName, link }: { venueName: string; link: SetPasswordLink }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const copy = async () => {
    await navigator.clipboard.writeText(link.url);
    toast.success(t("operator.link.copied"));
  };
  return (
    <div className={styles.linkPanel} data-testid="set-password-link">
      <p>{t("operator.link.intro", { name: venueName, time: athensDateTime(locale)(link.expiresAt) })}</p>
      <div className={styles.linkRow}>
        <input
          readOnly
          value={link.url}
          onFocus={(e) => e.target.select()}
          aria-label={t("operator.link.title")}
          data-testid="set-password-link-url"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {t("operator.link.copy")}
        </Button>
      </div>
    </div>
  );
}
