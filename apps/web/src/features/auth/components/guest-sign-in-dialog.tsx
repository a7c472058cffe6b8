import { useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { LanguagePicker } from "../../../components/language-picker.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { currentLanguage, TransText, useTranslation } from "../../../lib/i18n.ts";
import { getSessionEndReason } from "../../../lib/session.ts";
import { type SignInAtTable, useAuthenticateAnonymous } from "../api/authenticate-anonymous.ts";
import { useAuthenticateFacebook } from "../api/authenticate-facebook.ts";
import { useAuthenticateGoogle } from "../api/authenticate-google.ts";
import { useManagementInfo } from "../api/get-management-info.ts";
import styles from "./auth.module.css";

/**
 * The sign-in popup of the customer pages. Terms of use and privacy policy must be accepted
 * first (spec 1 §5); Google and Facebook appear only when the server has them configured.
 * Continuing as a guest at a table (`atTable`) checks in there with the same request.
 */
export function GuestSignInDialog({ staffSignedIn = false, atTable }: { staffSignedIn?: boolean; atTable?: SignInAtTable }) {
  const { t } = useTranslation();
  const id = useId();
  const [accepted, setAccepted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const info = useManagementInfo();
  const anonymous = useAuthenticateAnonymous();
  const google = useAuthenticateGoogle();
  const facebook = useAuthenticateFacebook();
  const busy = anonymous.isPending || google.isPending || facebook.isPending;
  const providers = info.data?.identityProviders;
  const endReason = getSessionEndReason();
  const onError = (error: unknown) => setFailure(errorMessage(error) || t("guestSignIn.failed"));

  return (
    <Dialog title={t("guestSignIn.title")} headerExtra={<LanguagePicker />} testId="guest-sign-in">
      <p className={styles.lead}>{t("guestSignIn.text")}</p>
      {staffSignedIn && <p className={styles.notice}>{t("guestSignIn.wrongAccount")}</p>}
      {!staffSignedIn && endReason && <p className={styles.notice}>{t(endReason)}</p>}
      <label className={styles.check} htmlFor={`${id}-accept`}>
        <input
          id={`${id}-accept`}
          type="checkbox"
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.target.checked);
            setFailure(null);
          }}
          aria-describedby={`${id}-hint`}
          data-testid="accept-terms"
        />
        <span>
          <TransText
            i18nKey="guestSignIn.accept"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: TransText puts the catalog's link text inside
              terms: <a href="/terms-of-use" target="_blank" rel="noopener" />,
              // biome-ignore lint/a11y/useAnchorContent: as above
              privacy: <a href="/privacy-policy" target="_blank" rel="noopener" />,
            }}
          />
        </span>
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {accepted ? t("guestSignIn.age") : t("guestSignIn.acceptHint")}
      </p>
      <div className={styles.actions}>
        {providers?.googleClientId && (
          <Button
            className={`${styles.provider} ${styles.google}`}
            size="lg"
            block
            disabled={!accepted || busy}
            loading={google.isPending}
            onClick={() => google.mutate(providers.googleClientId as string, { onError })}
          >
            {t("guestSignIn.google")}
          </Button>
        )}
        {providers?.facebookAppId && (
          <Button
            className={`${styles.provider} ${styles.facebook}`}
            size="lg"
            block
            disabled={!accepted || busy}
            loading={facebook.isPending}
            onClick={() => facebook.mutate(providers.facebookAppId as string, { onError })}
          >
            {t("guestSignIn.facebook")}
          </Button>
        )}
        <Button
          variant={providers?.googleClientId || providers?.facebookAppId ? "secondary" : "primary"}
          size="lg"
          block
          disabled={!accepted || busy}
          loading={anonymous.isPending}
          onClick={() => anonymous.mutate({ langKey: currentLanguage(), atTable }, { onError })}
          data-testid="continue-as-guest"
        >
          {t("guestSignIn.guest")}
        </Button>
      </div>
      {failure && (
        <p className={styles.error} role="alert" style={{ marginTop: 16 }}>
          {failure}
        </p>
      )}
    </Dialog>
  );
}
