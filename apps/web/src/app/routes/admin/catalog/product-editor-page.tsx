import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES, productFormFor } from "@tableorder/domain/contracts/crm-products";
import { ALLERGENS, type Allergen, type MenuLanguage, VAT_CATEGORIES } from "@tableorder/domain/enums";
import { nameIn } from "@tableorder/domain/localized-name";
import { cleanAmountText, decimalMarkOf } from "@tableorder/domain/money";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { useCrmAreas } from "../../../../features/admin-areas/api.ts";
import {
  CATALOG_KEY,
  deleteProduct,
  productKey,
  removeProductImage,
  saveProduct,
  TRANSLATION_MISSING_KEY,
  uploadProductImage,
  useCrmCategories,
  useCrmProduct,
  useInvoicingEnabled,
  useTranslationLanguages,
} from "../../../../features/admin-catalog/api.ts";
import {
  draftToInput,
  emptyProductDraft,
  isTranslationPath,
  newOptionDraft,
  OPTION_LISTS,
  type OptionDraft,
  type OptionListName,
  type ProductDraft,
  pathErrors,
  productToDraft,
  roundPriceText,
  type TranslationDrafts,
} from "../../../../features/admin-catalog/product-form.ts";
import { messageText } from "../../../../features/admin-shell/form-errors.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import styles from "../admin.module.css";
import { RecordForm, useRecordForm, useRecordId } from "../record-form.tsx";
import own from "./catalog.module.css";

type Tab = "details" | "translation";

/** The server's field errors of a failed save, by the dotted path they name. */
function serverPathErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const found: Record<string, string> = {};
  const fieldErrors = (error.body as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (Array.isArray(fieldErrors))
    for (const item of fieldErrors) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field === "string" && typeof message === "string" && !found[field]) found[field] = message;
    }
  return found;
}

/** A labelled control with its error in the reader's language under it. */
function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  const { site: lang } = useTranslation();
  const message = error ? (messageText(error, lang) ?? error) : null;
  return (
    <div className={own.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <p className={own.hint}>{hint}</p>}
      {message && (
        <p id={`${id}-error`} className={own.error} data-testid={`error-${id}`}>
          {message}
        </p>
      )}
    </div>
  );
}

/** Inputs share these attributes: name, test id, invalid state and the link to their error. */
const inputProps = (id: string, error?: string) => ({
  id,
  name: id,
  "data-testid": `field-${id}`,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

/**
 * {admin}/product/:id? — add or edit a product (spec 3 §2.4, §3, §5): details, and a translation
 * tab while translations are on. Every rule is the domain's product form, checked as the user
 * types; the server's answer lands on the same fields.
 */
export default function ProductEditorPage({ mayDelete }: { mayDelete: boolean }) {
  const { t, site: lang } = useTranslation();
  const id = useRecordId();
  const existing = useCrmProduct(id);
  const categories = useCrmCategories();
  const areas = useCrmAreas();
  const translations = useTranslationLanguages();
  const invoicing = useInvoicingEnabled();
  // The translation tab's columns: the venue's menu languages while translations are on.
  const languages = useMemo(() => translations.data ?? [], [translations.data]);
  const translationsActive = languages.length > 0;

  const [draft, setDraft] = useState<ProductDraft>(() => emptyProductDraft());
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<Tab>("details");
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a language switch must not undo what is being typed
  useEffect(() => {
    if (!existing.data) return;
    setDraft(productToDraft(existing.data, decimalMarkOf(lang)));
    setImageUrl(existing.data.imageUrl);
  }, [existing.data]);
  const preview = useMemo(() => (imageFile ? URL.createObjectURL(imageFile) : null), [imageFile]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const schema = useMemo(() => productFormFor({ translationsActive, menuLanguages: languages }), [translationsActive, languages]);
  const clientErrors = useMemo(() => pathErrors(schema, draftToInput(draft)), [schema, draft]);
  const errorOf = (path: string): string | undefined =>
    serverErrors[path] ?? (submitted || touched.has(path) ? clientErrors[path] : undefined);
  const translationErrors = Object.keys({ ...clientErrors, ...serverErrors }).some(isTranslationPath);
  const actions = useRecordForm({
    id,
    listPath: "../products",
    recordKey: productKey(id),
    lists: [CATALOG_KEY, TRANSLATION_MISSING_KEY],
    validate: () => {
      setSubmitted(true);
      const paths = Object.keys(clientErrors);
      // Show the tab that holds the first problem.
      if (paths.length) setTab(translationsActive && paths.every(isTranslationPath) ? "translation" : "details");
      return paths.length === 0;
    },
    save: async () => {
      const saved = await saveProduct(id, draftToInput(draft));
      // The product is saved even when its picture is refused: the toast says why, the form still leaves.
      try {
        if (imageFile) await uploadProductImage(saved.id, imageFile);
        else if (id !== null && existing.data?.imageUrl && !imageUrl) await removeProductImage(saved.id);
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    },
    remove: deleteProduct,
    showSaveErrors: (error) => {
      const found = serverPathErrors(error);
      setServerErrors(found);
      const paths = Object.keys(found);
      if (paths.length) setTab(paths.every(isTranslationPath) ? "translation" : "details");
      return paths.length > 0;
    },
    mayDelete,
  });

  if (id !== null && existing.isPending) return <DelayedSkeleton rows={6} />;
  if (id !== null && existing.isError) return <p className={styles.empty}>{t("admin.common.loadFailed")}</p>;

  const touch = (...paths: string[]) => {
    setTouched((s) => {
      const next = new Set(s);
      for (const p of paths) next.add(p);
      return next;
    });
    setServerErrors((errors) => {
      const rest = { ...errors };
      for (const p of paths) delete rest[p];
      return rest;
    });
  };
  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    touch(String(field));
  };
  const setOption = (list: OptionListName, index: number, change: Partial<OptionDraft>) => {
    setDraft((d) => ({ ...d, [list]: d[list].map((o, i) => (i === index ? { ...o, ...change } : o)) }));
    touch(...Object.keys(change).map((field) => `${list}.${index}.${field}`));
  };
  const addOption = (list: OptionListName) => setDraft((d) => ({ ...d, [list]: [...d[list], newOptionDraft()] }));
  const removeOption = (list: OptionListName, index: number) => {
    setDraft((d) => ({ ...d, [list]: d[list].filter((_, i) => i !== index) }));
    // Errors of the rows below now belong to other rows: start those rows afresh.
    setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([p]) => !p.startsWith(`${list}.`))));
  };
  const toggleAllergen = (allergen: Allergen) =>
    set(
      "allergens",
      draft.allergens.includes(allergen) ? draft.allergens.filter((a) => a !== allergen) : [...draft.allergens, allergen],
    );
  const chooseImage = (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    // The browser guesses a type from the file's name, and finds none for a name without an
    // extension: such a file goes to the server, which judges a picture by its bytes.
    if (file.type && !PRODUCT_IMAGE_TYPES.includes(file.type as (typeof PRODUCT_IMAGE_TYPES)[number]))
      return setImageError(messageText("unsupported_image_type", lang));
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setImageError(messageText("image_too_large", lang));
    setImageFile(file);
  };

  const priceInput = (field: "price" | "takeAwayPrice", label: string) => (
    <Field id={`product-${field}`} label={label} error={errorOf(field)}>
      <input
        {...inputProps(`product-${field}`, errorOf(field))}
        className={own.input}
        inputMode="decimal"
        autoComplete="off"
        value={draft[field]}
        onChange={(e) => set(field, cleanAmountText(e.target.value, decimalMarkOf(lang)))}
        onBlur={() => setDraft((d) => ({ ...d, [field]: roundPriceText(d[field], decimalMarkOf(lang)) }))}
      />
    </Field>
  );

  const optionList = (list: OptionListName) => {
    const priced = list !== "basicIngredients";
    return (
      <fieldset className={own.group} data-testid={`product-${list}`}>
        <legend>{t(`admin.products.${list}`)}</legend>
        {list === "basicIngredients" && <p className={own.hint}>{t("admin.products.basicIngredientsHint")}</p>}
        {draft[list].map((option, index) => {
          const nameId = `product-${list}-${index}-name`;
          const nameError = errorOf(`${list}.${index}.name`);
          return (
            <div key={option.key} className={`${own.optionRow} ${priced ? "" : own.optionRowNoPrice}`}>
              <Field id={nameId} label={t("admin.products.optionName")} error={nameError}>
                <input
                  {...inputProps(nameId, nameError)}
                  className={own.input}
                  autoComplete="off"
                  value={option.name}
                  onChange={(e) => setOption(list, index, { name: e.target.value })}
                />
              </Field>
              {priced && (
                <Field
                  id={`product-${list}-${index}-price`}
                  label={t("admin.products.optionPrice")}
                  error={errorOf(`${list}.${index}.price`)}
                >
                  <input
                    {...inputProps(`product-${list}-${index}-price`, errorOf(`${list}.${index}.price`))}
                    className={own.input}
                    inputMode="decimal"
                    autoComplete="off"
                    value={option.price}
                    onChange={(e) => setOption(list, index, { price: cleanAmountText(e.target.value, decimalMarkOf(lang)) })}
                    onBlur={() => setOption(list, index, { price: roundPriceText(option.price, decimalMarkOf(lang)) })}
                  />
                </Field>
              )}
              <div className={own.field}>
                <span className={own.fieldLabel} aria-hidden="true">
                  &nbsp;
                </span>
                <button
                  type="button"
                  className={own.iconButton}
                  onClick={() => removeOption(list, index)}
                  aria-label={t("admin.products.removeOption", { name: option.name || index + 1 })}
                  data-testid={`product-${list}-${index}-remove`}
                >
                  ×
                </button>
              </div>
            </div>
          );
        })}
        <div>
          <button type="button" className={styles.small} onClick={() => addOption(list)} data-testid={`product-${list}-add`}>
            + {t("admin.products.addOption")}
          </button>
        </div>
      </fieldset>
    );
  };

  /**
   * One text of the translation tab: its Greek original and a column per menu language, English
   * in the spec's `*Eng` field, the others in its translations map (`at` names the option row).
   */
  const translationRow = (
    text: { field: "name" | "description"; at: string; label: string; original: string },
    read: (language: MenuLanguage) => string,
    write: (language: MenuLanguage, value: string) => void,
  ) => (
    <div key={`${text.at}${text.field}`} className={own.translationRow} data-testid={`product-tr-row-${text.at}${text.field}`}>
      <p className={own.translationLabel}>{text.label}</p>
      <p className={own.original}>
        {t("admin.products.original")}: {text.original}
      </p>
      <div className={own.translationColumns}>
        {languages.map((language) => {
          const path = `${text.at}${text.field}${language === "en" ? "Eng" : `Translations.${language}`}`;
          const fieldId = `product-tr-${path.replaceAll(".", "-")}`;
          return (
            <Field key={language} id={fieldId} label={t(`admin.languages.${language}`)} error={errorOf(path)}>
              <input
                {...inputProps(fieldId, errorOf(path))}
                className={own.input}
                autoComplete="off"
                lang={language}
                value={read(language)}
                onChange={(e) => write(language, e.target.value)}
              />
            </Field>
          );
        })}
      </div>
    </div>
  );
  const inTranslations = (translations: TranslationDrafts, language: MenuLanguage, value: string) =>
    language === "en" ? translations : { ...translations, [language]: value };

  const shownImage = preview ?? imageUrl;
  const details = (
    <>
      <Field id="product-name" label={t("admin.products.name")} error={errorOf("name")}>
        <input
          {...inputProps("product-name", errorOf("name"))}
          className={own.input}
          autoComplete="off"
          value={draft.name}
          onChange={(e) => set("name", e.target.value)}
        />
      </Field>
      <Field id="product-description" label={t("admin.products.description")} error={errorOf("description")}>
        <textarea
          {...inputProps("product-description", errorOf("description"))}
          className={own.textarea}
          value={draft.description}
          onChange={(e) => set("description", e.target.value)}
        />
      </Field>
      {invoicing.data === true && (
        <div className={own.inline}>
          <fieldset className={own.group}>
            <legend>{t("admin.products.type")}</legend>
            <div className={own.inline}>
              {(["GOOD", "SERVICE"] as const).map((type) => (
                <label key={type} className={own.check}>
                  <input
                    type="radio"
                    name="product-type"
                    checked={draft.type === type}
                    onChange={() => set("type", type)}
                    data-testid={`product-type-${type}`}
                  />
                  {type === "GOOD" ? t("admin.products.good") : t("admin.products.serviceType")}
                </label>
              ))}
            </div>
          </fieldset>
          <Field id="product-vat" label={t("admin.products.vatCategory")} error={errorOf("vatCategory")}>
            <select
              {...inputProps("product-vat", errorOf("vatCategory"))}
              className={own.select}
              value={draft.vatCategory}
              onChange={(e) => set("vatCategory", Number(e.target.value))}
            >
              {Object.entries(VAT_CATEGORIES).map(([category, rate]) => (
                <option key={category} value={category}>
                  {rate}%
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <fieldset className={own.group}>
        <legend>{t("admin.products.price")}</legend>
        <label className={own.check}>
          <input
            type="checkbox"
            checked={draft.hasDineInPrice}
            onChange={(e) => set("hasDineInPrice", e.target.checked)}
            data-testid="product-has-dine-in-price"
          />
          {t("admin.products.hasDineInPrice")}
        </label>
        {draft.hasDineInPrice && priceInput("price", t("admin.products.price"))}
        <label className={own.check}>
          <input
            type="checkbox"
            checked={draft.hasTakeAwayPrice}
            onChange={(e) => set("hasTakeAwayPrice", e.target.checked)}
            data-testid="product-has-take-away-price"
          />
          {t("admin.products.hasTakeAwayPrice")}
        </label>
        {draft.hasTakeAwayPrice && priceInput("takeAwayPrice", t("admin.products.takeAwayPrice"))}
      </fieldset>
      <Field id="product-category" label={t("admin.products.category")} error={errorOf("categoryId")}>
        <select
          {...inputProps("product-category", errorOf("categoryId"))}
          className={own.select}
          value={draft.categoryId}
          onChange={(e) => set("categoryId", Number(e.target.value))}
        >
          <option value={0}>{t("admin.products.chooseCategory")}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {nameIn(lang, category.name, category.nameEng)}
            </option>
          ))}
        </select>
      </Field>
      <Field id="product-area" label={t("admin.products.preparationArea")} error={errorOf("preparationAreaId")}>
        <select
          {...inputProps("product-area", errorOf("preparationAreaId"))}
          className={own.select}
          value={draft.preparationAreaId ?? ""}
          onChange={(e) => set("preparationAreaId", e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">{t("admin.products.service")}</option>
          {(areas.data ?? []).map((area) => (
            <option key={area.id} value={area.id}>
              {area.label}
            </option>
          ))}
        </select>
      </Field>
      {OPTION_LISTS.map((list) => (
        <div key={list}>{optionList(list)}</div>
      ))}
      <fieldset className={own.group} data-testid="product-allergens">
        <legend>{t("admin.products.allergens")}</legend>
        <div className={own.allergens}>
          {ALLERGENS.map((allergen) => (
            <label key={allergen} className={own.check}>
              <input
                type="checkbox"
                checked={draft.allergens.includes(allergen)}
                onChange={() => toggleAllergen(allergen)}
                data-testid={`product-allergen-${allergen}`}
              />
              {t(`allergen.${allergen}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={own.group}>
        <legend>{t("admin.products.image")}</legend>
        <div className={own.image}>
          {shownImage && <img src={shownImage} alt="" data-testid="product-image-preview" />}
          <label className={styles.small}>
            {t("admin.products.imageChoose")}
            <input
              type="file"
              accept={PRODUCT_IMAGE_TYPES.join(",")}
              hidden
              onChange={(e) => chooseImage(e.target.files?.[0])}
              data-testid="product-image-input"
            />
          </label>
          {shownImage && (
            <button
              type="button"
              className={styles.small}
              onClick={() => {
                setImageFile(null);
                setImageUrl(null);
              }}
            >
              {t("admin.products.imageRemove")}
            </button>
          )}
        </div>
        <p className={own.hint}>{t("admin.products.imageHint")}</p>
        {imageError && <p className={own.error}>{imageError}</p>}
      </fieldset>
    </>
  );

  const translation = (
    <>
      {translationRow(
        { field: "name", at: "", label: t("admin.products.name"), original: draft.name || "—" },
        (language) => (language === "en" ? draft.nameEng : draft.nameTranslations[language]),
        (language, value) =>
          language === "en"
            ? set("nameEng", value)
            : set("nameTranslations", inTranslations(draft.nameTranslations, language, value)),
      )}
      {draft.description.trim() !== "" &&
        translationRow(
          { field: "description", at: "", label: t("admin.products.description"), original: draft.description },
          (language) => (language === "en" ? draft.descriptionEng : draft.descriptionTranslations[language]),
          (language, value) =>
            language === "en"
              ? set("descriptionEng", value)
              : set("descriptionTranslations", inTranslations(draft.descriptionTranslations, language, value)),
        )}
      {OPTION_LISTS.flatMap((list) =>
        draft[list].map((option, index) =>
          option.name.trim() === ""
            ? null
            : translationRow(
                {
                  field: "name",
                  at: `${list}.${index}.`,
                  label: `${t(`admin.products.${list}`)} · ${t("admin.products.optionName")}`,
                  original: option.name,
                },
                (language) => (language === "en" ? option.nameEng : option.nameTranslations[language]),
                (language, value) =>
                  setOption(
                    list,
                    index,
                    language === "en"
                      ? { nameEng: value }
                      : { nameTranslations: inTranslations(option.nameTranslations, language, value) },
                  ),
              ),
        ),
      )}
    </>
  );

  return (
    <RecordForm name="product" heading={id === null ? t("admin.products.add") : t("admin.products.edit")} actions={actions}>
      {translationsActive && (
        <div className={own.tabs} role="tablist">
          {(["details", "translation"] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`${own.tab} ${tab === key ? own.tabActive : ""}`}
              onClick={() => setTab(key)}
              data-testid={`product-tab-${key}`}
            >
              {key === "details" ? t("admin.products.tabDetails") : t("admin.products.tabTranslation")}
              {key === "translation" && translationErrors && (
                <span className={own.dot} role="img" aria-label={t("admin.products.translationMissing")} />
              )}
            </button>
          ))}
        </div>
      )}
      {tab === "translation" && translationsActive ? translation : details}
    </RecordForm>
  );
}
