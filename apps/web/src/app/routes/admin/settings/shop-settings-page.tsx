import { shopSettingsForm } from "@tableorder/domain/contracts/crm-retailer";
import { MENU_LANGUAGES, type MenuLanguage, SECONDARY_CUISINES } from "@tableorder/domain/enums";
import { EXAMPLE_PRINT_SERVICE_URL } from "@tableorder/domain/print-agent";
import { normalizeUsername } from "@tableorder/domain/validators";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { toast } from "../../../../components/toasts.tsx";
import {
  RETAILER_KEY,
  saveShopSettings,
  useCuisineTypes,
  useRetailerTypes,
  useShopSettings,
} from "../../../../features/admin-settings/api.ts";
import { messageText } from "../../../../features/admin-shell/form-errors.ts";
import { ACCOUNT_QUERY_KEY } from "../../../../features/auth/api/get-account.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { bigLetters, useBigLetters } from "../../../../lib/print/big-letters.ts";
import { clearSession } from "../../../../lib/session.ts";
import styles from "../admin.module.css";
import { focusFirstInvalid, TextField, useCrmForm } from "../form-parts.tsx";
import own from "./settings.module.css";

const KEYED = { username_exists: "username", userexists: "username" };
const SECONDARY = Object.keys(SECONDARY_CUISINES).map(Number);

const EMPTY = {
  name: "",
  nameEng: "",
  type: "",
  mainCuisine: "",
  secondaryCuisine: [] as number[],
  translationsActive: false,
  menuLanguages: ["en"] as MenuLanguage[],
  printerIp: "",
  autoPrintActive: false,
  printServiceUrl: "",
  googleReviewUrl: "",
  firstName: "",
  lastName: "",
  username: "",
  password: "",
};

function Select({
  id,
  label,
  value,
  error,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const { site: lang } = useTranslation();
  const message = error ? (messageText(error, lang) ?? error) : null;
  return (
    <div className={own.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={id}
        className={own.select}
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`field-${id}`}
      >
        {children}
      </select>
      {message && (
        <p id={`${id}-error`} className={own.error} data-testid={`error-${id}`}>
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * {admin}/settings (ADMIN only): shop settings in three groups — the shop, the cash desk and the
 * administrator (spec 3 §2.4, §3, §5). A changed username signs the administrator out and the
 * session is read again, so they sign in with the new one (spec 3 §4).
 */
export default function ShopSettingsPage() {
  const { t, site: lang } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useShopSettings();
  const types = useRetailerTypes();
  const cuisines = useCuisineTypes();
  const big = useBigLetters();
  const form = useCrmForm(EMPTY, shopSettingsForm);
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  useEffect(() => {
    const s = settings.data;
    if (s)
      reset({
        name: s.name,
        nameEng: s.nameEng ?? "",
        type: s.type,
        mainCuisine: s.mainCuisine ?? "",
        secondaryCuisine: s.secondaryCuisine,
        translationsActive: s.translationsActive,
        menuLanguages: s.menuLanguages,
        printerIp: s.printerIp ?? "",
        autoPrintActive: s.autoPrintActive,
        printServiceUrl: s.printServiceUrl ?? "",
        googleReviewUrl: s.googleReviewUrl ?? "",
        firstName: s.firstName ?? "",
        lastName: s.lastName ?? "",
        username: s.username,
        password: "",
      });
  }, [settings.data, reset]);

  if (settings.isPending) return <DelayedSkeleton rows={8} />;
  if (settings.isError) return <p className={styles.empty}>{t("admin.common.loadFailed")}</p>;
  const back = () => navigate("..");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return focusFirstInvalid(event.currentTarget);
    setSaving(true);
    try {
      const before = settings.data.username;
      const saved = await saveShopSettings(form.values as Parameters<typeof saveShopSettings>[0]);
      toast.success(t("admin.common.saved"), { arrival: true });
      if (saved.username !== normalizeUsername(before)) {
        // Spec 3 §4: logged out, then the session is refreshed (the login form asks for the new name).
        toast.info(t("admin.settings.usernameChanged"), { arrival: true });
        clearSession();
        queryClient.removeQueries({ queryKey: RETAILER_KEY });
        await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
        return;
      }
      queryClient.setQueryData(RETAILER_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ["crm"] });
      back();
    } catch (error) {
      if (!form.failed(error, KEYED)) toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  const toggleLanguage = (language: MenuLanguage) =>
    form.set(
      "menuLanguages",
      form.values.menuLanguages.includes(language)
        ? form.values.menuLanguages.filter((l) => l !== language)
        : MENU_LANGUAGES.filter((l) => l === language || form.values.menuLanguages.includes(l)),
    );
  const toggleSecondary = (code: number) =>
    form.set(
      "secondaryCuisine",
      form.values.secondaryCuisine.includes(code)
        ? form.values.secondaryCuisine.filter((c) => c !== code)
        : [...form.values.secondaryCuisine, code],
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="shop-settings-form">
      <h2>{t("admin.settings.title")}</h2>
      <fieldset className={own.group}>
        <legend>{t("admin.settings.shop")}</legend>
        <TextField
          id="settings-name"
          label={t("admin.settings.name")}
          value={form.values.name}
          error={form.errors.name}
          onChange={(v) => form.set("name", v)}
        />
        <label className={own.check}>
          <input
            type="checkbox"
            checked={form.values.translationsActive}
            onChange={(e) => {
              form.set("translationsActive", e.target.checked);
              form.set("nameEng", form.values.nameEng);
            }}
            data-testid="settings-translations"
          />
          {t("admin.settings.translationsActive")}
        </label>
        {(form.values.translationsActive || form.values.nameEng !== "") && (
          <TextField
            id="settings-name-eng"
            label={t("admin.settings.nameEng")}
            value={form.values.nameEng}
            error={form.errors.nameEng}
            onChange={(v) => form.set("nameEng", v)}
          />
        )}
        {form.values.translationsActive && (
          <fieldset className={own.group}>
            <legend>{t("admin.settings.menuLanguages")}</legend>
            <p className={styles.hint}>{t("admin.settings.menuLanguagesHint")}</p>
            <div className={own.inline}>
              {MENU_LANGUAGES.map((language) => (
                <label key={language} className={own.check}>
                  <input
                    type="checkbox"
                    checked={form.values.menuLanguages.includes(language)}
                    onChange={() => toggleLanguage(language)}
                    data-testid={`settings-menu-language-${language}`}
                  />
                  {t(`admin.languages.${language}`)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Select
          id="settings-type"
          label={t("admin.settings.type")}
          value={form.values.type}
          error={form.errors.type}
          onChange={(v) => form.set("type", v)}
        >
          <option value="">{t("admin.settings.choose")}</option>
          {(types.data ?? []).map((type) => (
            <option key={type} value={type}>
              {t(`retailerType.${type}`)}
            </option>
          ))}
        </Select>
        <Select
          id="settings-main-cuisine"
          label={t("admin.settings.mainCuisine")}
          value={form.values.mainCuisine}
          error={form.errors.mainCuisine}
          onChange={(v) => form.set("mainCuisine", v)}
        >
          <option value="">{t("admin.settings.choose")}</option>
          {(cuisines.data ?? []).map((cuisine) => (
            <option key={cuisine.code} value={cuisine.code}>
              {lang === "en" ? cuisine.nameEng : cuisine.name}
            </option>
          ))}
        </Select>
        <fieldset className={own.group}>
          <legend>{t("admin.settings.secondaryCuisine")}</legend>
          <div className={own.inline}>
            {SECONDARY.map((code) => (
              <label key={code} className={own.check}>
                <input
                  type="checkbox"
                  checked={form.values.secondaryCuisine.includes(code)}
                  onChange={() => toggleSecondary(code)}
                  data-testid={`settings-secondary-${code}`}
                />
                {t(`cuisine.${code}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          id="settings-google-review-url"
          label={t("admin.settings.googleReviewUrl")}
          hint={t("admin.settings.googleReviewUrlHint")}
          value={form.values.googleReviewUrl}
          error={form.errors.googleReviewUrl}
          onChange={(v) => form.set("googleReviewUrl", v)}
        />
      </fieldset>
      <fieldset className={own.group}>
        <legend>{t("admin.settings.cashDesk")}</legend>
        <label className={own.check}>
          <input
            type="checkbox"
            checked={form.values.autoPrintActive}
            onChange={(e) => {
              form.set("autoPrintActive", e.target.checked);
              // The IP becomes required: its message shows at once.
              form.set("printerIp", form.values.printerIp);
            }}
            data-testid="settings-auto-print"
          />
          {t("admin.settings.autoPrintActive")}
        </label>
        <TextField
          id="settings-printer-ip"
          label={t("admin.settings.printerIp")}
          value={form.values.printerIp}
          error={form.errors.printerIp}
          onChange={(v) => form.set("printerIp", v)}
        />
        <TextField
          id="settings-print-service-url"
          label={t("admin.settings.printServiceUrl")}
          hint={t("admin.settings.printServiceUrlHint", { example: EXAMPLE_PRINT_SERVICE_URL })}
          value={form.values.printServiceUrl}
          error={form.errors.printServiceUrl}
          onChange={(v) => form.set("printServiceUrl", v)}
        />
        <label className={own.check}>
          <input
            type="checkbox"
            checked={big}
            onChange={(e) => bigLetters.set(e.target.checked)}
            data-testid="settings-big-letters"
          />
          {t("admin.settings.bigLettersActive")}
        </label>
      </fieldset>
      <fieldset className={own.group}>
        <legend>{t("admin.settings.admin")}</legend>
        <TextField
          id="settings-first-name"
          label={t("admin.settings.firstName")}
          value={form.values.firstName}
          error={form.errors.firstName}
          onChange={(v) => form.set("firstName", v)}
        />
        <TextField
          id="settings-last-name"
          label={t("admin.settings.lastName")}
          value={form.values.lastName}
          error={form.errors.lastName}
          onChange={(v) => form.set("lastName", v)}
        />
        <TextField
          id="settings-username"
          label={t("admin.settings.username")}
          value={form.values.username}
          error={form.errors.username}
          onChange={(v) => form.set("username", v)}
        />
        <TextField
          id="settings-password"
          type="password"
          autoComplete="new-password"
          label={t("admin.settings.password")}
          hint={t("admin.common.passwordHint")}
          value={form.values.password}
          error={form.errors.password}
          onChange={(v) => form.set("password", v)}
        />
      </fieldset>
      <div className={styles.formActions}>
        <Button type="submit" loading={saving} data-testid="settings-save">
          {t("admin.common.save")}
        </Button>
        <Button variant="secondary" onClick={back}>
          {t("admin.common.cancel")}
        </Button>
      </div>
    </form>
  );
}
