import { useEffect, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Dropdown } from "../../../components/dropdown.tsx";
import { SettingsIcon } from "../../../components/icons.tsx";
import { Switch } from "../../../components/switch.tsx";
import { useAreaActive } from "../../../features/kitchen-tickets/api/get-area-active.ts";
import { useSetAreaActive } from "../../../features/kitchen-tickets/api/set-area-active.ts";
import { useSetAutoPrint } from "../../../features/kitchen-tickets/api/set-auto-print.ts";
import { setLanguage, useTranslation } from "../../../lib/i18n.ts";
import { bigLetters, useBigLetters } from "../../../lib/print/big-letters.ts";
import { clearSession } from "../../../lib/session.ts";
import styles from "./prep.module.css";
import type { PrepContext } from "./prep-context.ts";

function useFullscreen(): { supported: boolean; active: boolean; toggle: () => void } {
  const supported = typeof document !== "undefined" && document.fullscreenEnabled;
  const [active, setActive] = useState(() => typeof document !== "undefined" && document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggle = () => {
    const request = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void request.catch(() => {});
  };
  return { supported, active, toggle };
}

/**
 * The feed header's settings (spec 2 §2.1): open or closed area, automatic printing, print size,
 * full screen and language for a tablet that is not installed, and logout (not at the cash desk).
 */
export function PrepSettings({ context }: { context: PrepContext }) {
  const { t, lang } = useTranslation();
  const { area, feed } = context;
  const active = useAreaActive(area);
  const setActive = useSetAreaActive(area);
  const setAutoPrint = useSetAutoPrint(area);
  const big = useBigLetters();
  const fullscreen = useFullscreen();
  const isOpen = active.data?.active ?? feed.data?.isPreparationAreaAvailable ?? true;

  return (
    <Dropdown
      testId="prep-settings"
      triggerClassName={styles.headerButton}
      ariaLabel={t("kitchen.settings")}
      label={
        <>
          <SettingsIcon size={26} />
          <span className={styles.headerButtonText}>{t("kitchen.settings")}</span>
        </>
      }
    >
      {(close) => (
        <>
          <Switch
            label={t("kitchen.areaStatus")}
            stateLabel={isOpen ? t("kitchen.open") : t("kitchen.closed")}
            checked={isOpen}
            loading={setActive.isPending}
            disabled={!active.data && !feed.data}
            onChange={(next) => setActive.mutate(next)}
            offTone="danger"
            testId="setting-area-open"
          />
          <Switch
            label={t("kitchen.autoPrint")}
            stateLabel={feed.data?.hasAutoPrint ? t("kitchen.on") : t("kitchen.off")}
            checked={feed.data?.hasAutoPrint ?? false}
            loading={setAutoPrint.isPending}
            disabled={!feed.data}
            onChange={(next) => setAutoPrint.mutate(next)}
            testId="setting-auto-print"
          />
          <Switch
            label={t("kitchen.bigLetters")}
            stateLabel={big ? t("kitchen.on") : t("kitchen.off")}
            checked={big}
            onChange={(next) => bigLetters.set(next)}
            testId="setting-big-letters"
          />
          {fullscreen.supported && (
            <Switch
              label={t("kitchen.fullscreen")}
              checked={fullscreen.active}
              onChange={fullscreen.toggle}
              testId="setting-fullscreen"
            />
          )}
          <Button
            variant="ghost"
            block
            className={styles.settingsButton}
            onClick={() => void setLanguage(lang === "el" ? "en" : "el")}
            lang={lang === "el" ? "en" : "el"}
            data-testid="setting-language"
          >
            {lang === "el" ? "English" : "Ελληνικά"}
          </Button>
          {!area.cashDesk && (
            <Button
              variant="danger"
              block
              className={styles.settingsButton}
              onClick={() => {
                close();
                clearSession();
              }}
              data-testid="staff-logout"
            >
              {t("common.logout")}
            </Button>
          )}
        </>
      )}
    </Dropdown>
  );
}
