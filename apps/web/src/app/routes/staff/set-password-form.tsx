import { setPasswordRuleFor } from "@tableorder/domain/contracts/operator";
import { VALIDATION_MESSAGES } from "@tableorder/domain/validation-messages";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useSetPasswordTarget, useSetPasswordWithLink } from "../../../features/auth/api/set-password.ts";
// The staff sign-in card's look; the form lives here, in its lazy route, with the zod rule it checks.
import styles from "../../../features/auth/components/auth.module.css";
import { errorMessage } from "../../../lib/api-client.ts";
import { athensDateTime } from "../../../lib/athens-time.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";

/** A field rule's key in the reader's language (validation-messages.ts), as the server means it. */
function ruleText(key: string | undefined, lang: "el" | "en"): string | null {
  if (!key) return null;
  return VALIDATION_MESSAGES[key as keyof typeof VALIDATION_MESSAGES]?.[lang] ?? key;
}

/**
 * The page of a one-time set-password link (issue 18): a new venue's administrator, or the
 * platform operator, chooses a password, typed twice, by the same rule as the server; then they
 * are signed in and taken to their area. A used or expired link says so and asks for a new one.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const { site: lang, locale } = useLanguage();
  const id = useId();
  const navigate = useNavigate();
  const target = useSetPasswordTarget(token);
  const save = useSetPasswordWithLink(token);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [submitted, setSubmitted] = useState(false);

  if (target.isPending) return <DelayedSkeleton rows={3} />;
  if (target.isError) {
    return (
      <div className={styles.card} data-testid="set-password-invalid">
        <h1 className={styles.title}>{t("setPassword.title")}</h1>
        <p className={styles.error} role="alert">
          {errorMessage(target.error)}
        </p>
      </div>
    );
  }

  const rule = setPasswordRuleFor(target.data.venueName === null).safeParse({ password });
  const passwordError = submitted && !rule.success ? ruleText(rule.error.issues[0]?.message, lang) : null;
  const repeatError = submitted && rule.success && repeat !== password ? t("setPassword.mismatch") : null;
  const expires = athensDateTime(locale)(target.data.expiresAt);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!rule.success || repeat !== password || save.isPending) return;
    save.mutate(
      { password },
      { onSuccess: () => navigate(target.data.venueName === null ? "/service/operator" : "/service/admin", { replace: true }) },
    );
  };

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate data-testid="set-password-form">
      <h1 className={styles.title}>{t("setPassword.title")}</h1>
      <p className={styles.notice}>
        {target.data.venueName === null
          ? t("setPassword.forPlatform")
          : t("setPassword.forVenue", { venue: target.data.venueName })}
        <br />
        <strong data-testid="set-password-username">{t("setPassword.username", { username: target.data.username })}</strong>
        <br />
        {t("setPassword.expires", { time: expires })}
      </p>
      <input type="text" name="username" autoComplete="username" value={target.data.username} readOnly hidden />
      <label className={styles.field} htmlFor={`${id}-password`}>
        <span>{t("setPassword.password")}</span>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          aria-invalid={passwordError ? true : undefined}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="set-password-password"
        />
      </label>
      {passwordError && <p className={styles.error}>{passwordError}</p>}
      <label className={styles.field} htmlFor={`${id}-repeat`}>
        <span>{t("setPassword.repeat")}</span>
        <input
          id={`${id}-repeat`}
          type="password"
          autoComplete="new-password"
          value={repeat}
          aria-invalid={repeatError ? true : undefined}
          onChange={(e) => setRepeat(e.target.value)}
          data-testid="set-password-repeat"
        />
      </label>
      {repeatError && <p className={styles.error}>{repeatError}</p>}
      {save.isError && (
        <p className={styles.error} role="alert" data-testid="set-password-error">
          {errorMessage(save.error)}
        </p>
      )}
      <Button type="submit" size="lg" block loading={save.isPending} data-testid="set-password-submit">
        {t("setPassword.submit")}
      </Button>
    </form>
  );
}
