import { saveCategoriesRequestFor } from "@tableorder/domain/contracts/crm-products";
import type { MenuLanguage, TranslationLanguage } from "@tableorder/domain/enums";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, Fragment, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { TrashIcon, UndoIcon } from "../../../../components/icons.tsx";
import { toast } from "../../../../components/toasts.tsx";
import {
  CATALOG_KEY,
  saveCategories,
  TRANSLATION_MISSING_KEY,
  useCrmCategories,
  useTranslationLanguages,
} from "../../../../features/admin-catalog/api.ts";
import { categoryListErrors, categorySaveErrors } from "../../../../features/admin-catalog/category-errors.ts";
import type { TranslationDrafts } from "../../../../features/admin-catalog/product-form.ts";
import { messageText } from "../../../../features/admin-shell/form-errors.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import styles from "../admin.module.css";
import own from "./catalog.module.css";

interface Row {
  key: string;
  id: number | null;
  name: string;
  nameEng: string;
  nameTranslations: TranslationDrafts;
  productCount: number;
  /** Marked for deletion: left out of the list the save sends. */
  removed: boolean;
}

/** A row's text fields: the Greek name, its English and its other translations (decision 046). */
type CategoryField = "name" | "nameEng" | `nameTranslations.${TranslationLanguage}`;
const fieldOf = (language: MenuLanguage): CategoryField => (language === "en" ? "nameEng" : `nameTranslations.${language}`);
const noTranslations = (): TranslationDrafts => ({ de: "", fr: "", it: "" });

let added = 0;

/**
 * {admin}/categories: the category editor (spec 3 §2.4, §4, §5). Rows are renamed, added, moved up
 * or down and deleted, and the whole list is saved at once; a category that holds products cannot
 * be deleted (its delete says why, and the server refuses with category_has_products). Two rows
 * may not share a name (category_name_already_exists), shown on the later row as it is typed.
 */
export default function CategoriesPage() {
  const { t, site: lang } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCrmCategories();
  const translations = useTranslationLanguages();
  const languages = useMemo(() => translations.data ?? [], [translations.data]);
  const translationsActive = languages.length > 0;
  const [rows, setRows] = useState<Row[]>([]);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The row whose delete was asked for while it still holds products: it says why it stays.
  const [keptWithProducts, setKeptWithProducts] = useState<string | null>(null);

  useEffect(() => {
    if (categories.data)
      setRows(
        categories.data.map((c) => ({
          key: `c${c.id}`,
          id: c.id,
          name: c.name,
          nameEng: c.nameEng ?? "",
          nameTranslations: { ...noTranslations(), ...c.nameTranslations },
          productCount: c.productCount,
          removed: false,
        })),
      );
  }, [categories.data]);

  const kept = rows.filter((row) => !row.removed);
  const payload = kept.map((row) => ({
    ...(row.id != null ? { id: row.id } : {}),
    name: row.name,
    nameEng: row.nameEng,
    nameTranslations: row.nameTranslations,
  }));
  const schema = useMemo(
    () => saveCategoriesRequestFor({ translationsActive, menuLanguages: languages }),
    [translationsActive, languages],
  );
  const clientErrors = categoryListErrors(schema, payload);
  // Errors are kept by row key, so they stay on their row when rows move.
  const errorOf = (row: Row, field: CategoryField): string | undefined => {
    const index = kept.indexOf(row);
    const key = `${row.key}.${field}`;
    return serverErrors[key] ?? (submitted || touched.has(key) ? clientErrors[`${index}.${field}`] : undefined);
  };

  if (categories.isPending) return <DelayedSkeleton rows={5} />;
  if (categories.isError) return <p className={styles.empty}>{t("admin.common.loadFailed")}</p>;

  const update = (key: string, change: Partial<Row>) => {
    setRows((list) => list.map((row) => (row.key === key ? { ...row, ...change } : row)));
    const paths = Object.keys(change).map((field) => `${key}.${field}`);
    setTouched((s) => new Set([...s, ...paths]));
    setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([p]) => !paths.includes(p))));
  };
  const move = (index: number, step: -1 | 1) =>
    setRows((list) => {
      const next = [...list];
      const target = index + step;
      if (target < 0 || target >= next.length) return list;
      [next[index], next[target]] = [next[target], next[index]];
      return next;
    });
  const add = () => {
    added += 1;
    setRows((list) => [
      ...list,
      {
        key: `new${added}`,
        id: null,
        name: "",
        nameEng: "",
        nameTranslations: noTranslations(),
        productCount: 0,
        removed: false,
      },
    ]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length) return;
    setSaving(true);
    try {
      await saveCategories(payload);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CATALOG_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSLATION_MISSING_KEY }),
      ]);
      toast.success(t("admin.common.saved"), { arrival: true });
      navigate("../products");
    } catch (error) {
      // The errors name the position in the list sent; they go back to that row.
      const found: Record<string, string> = {};
      for (const [path, message] of Object.entries(categorySaveErrors(error instanceof ApiError ? error.body : null))) {
        const dot = path.indexOf(".");
        const row = kept[Number(path.slice(0, dot))];
        const field = dot < 0 ? "" : path.slice(dot + 1);
        if (row && field) found[`${row.key}.${field}`] = message;
      }
      setServerErrors(found);
      if (!Object.keys(found).length) {
        const key = error instanceof ApiError ? error.key : null;
        toast.error((key && messageText(key, lang)) || (error instanceof Error ? error.message : String(error)));
      }
    } finally {
      setSaving(false);
    }
  };

  const keptReason = (row: Row) => t("admin.categories.cannotRemove", { count: row.productCount });
  const textOf = (row: Row, field: CategoryField) =>
    field === "name" || field === "nameEng" ? row[field] : row.nameTranslations[field.slice(17) as TranslationLanguage];
  const change = (row: Row, field: CategoryField, value: string) =>
    update(
      row.key,
      field === "name" || field === "nameEng"
        ? { [field]: value }
        : { nameTranslations: { ...row.nameTranslations, [field.slice(17)]: value } },
    );
  const inputFor = (row: Row, field: CategoryField, label: string) => {
    const error = errorOf(row, field);
    const message = error ? (messageText(error, lang) ?? error) : null;
    // English keeps the spec's test id (category-nameEng); the others are named by language.
    const name = field.replace("nameTranslations.", "");
    const id = `category-${row.key}-${name}`;
    return (
      <div className={own.field}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className={own.input}
          autoComplete="off"
          disabled={row.removed}
          value={textOf(row, field)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => change(row, field, e.target.value)}
          data-testid={`category-${name}`}
        />
        {message && (
          <p id={`${id}-error`} className={own.error} data-testid={`category-${name}-error`}>
            {message}
          </p>
        )}
      </div>
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="categories-form">
      <div className={own.titleRow}>
        <h2>{t("admin.categories.title")}</h2>
        <button type="button" className={styles.small} onClick={add} data-testid="category-add">
          + {t("admin.categories.add")}
        </button>
      </div>
      {rows.length === 0 && <p className={styles.empty}>{t("admin.common.empty")}</p>}
      <ul className={styles.list}>
        {rows.map((row, index) => (
          <li
            key={row.key}
            className={`${own.categoryRow} ${row.removed ? own.categoryRowRemoved : ""}`}
            data-testid="category-row"
            data-name={row.name}
          >
            <div className={own.categoryFields}>
              {inputFor(row, "name", t("admin.categories.name"))}
              {languages.map((language) => (
                <Fragment key={language}>
                  {inputFor(row, fieldOf(language), `${t("admin.categories.name")} · ${t(`admin.languages.${language}`)}`)}
                </Fragment>
              ))}
              <span className={own.meta}>
                {row.removed ? t("admin.categories.removed") : t("admin.categories.productCount", { count: row.productCount })}
              </span>
            </div>
            <div className={own.categoryActions}>
              <button
                type="button"
                className={own.iconButton}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t("admin.products.moveUp", { name: row.name })}
                data-testid="category-up"
              >
                ↑
              </button>
              <button
                type="button"
                className={own.iconButton}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t("admin.products.moveDown", { name: row.name })}
                data-testid="category-down"
              >
                ↓
              </button>
              <button
                type="button"
                className={own.iconButton}
                // Not disabled: a disabled button cannot be focused or pressed to learn why.
                aria-disabled={row.productCount > 0 || undefined}
                aria-describedby={row.productCount > 0 ? `category-${row.key}-kept` : undefined}
                title={row.productCount > 0 ? keptReason(row) : undefined}
                onClick={() => {
                  if (row.productCount > 0) setKeptWithProducts(row.key);
                  else if (row.id == null) setRows((list) => list.filter((r) => r.key !== row.key));
                  else update(row.key, { removed: !row.removed });
                }}
                aria-label={row.removed ? t("admin.categories.undoRemove") : t("admin.categories.remove")}
                data-testid="category-remove"
              >
                {row.removed ? <UndoIcon size={20} /> : <TrashIcon size={20} />}
              </button>
            </div>
            {row.productCount > 0 && (
              <p
                id={`category-${row.key}-kept`}
                className={own.hint}
                hidden={keptWithProducts !== row.key}
                data-testid="category-remove-reason"
              >
                {keptReason(row)}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.formActions}>
        <Button type="submit" loading={saving} data-testid="categories-save">
          {t("admin.common.save")}
        </Button>
        <Button variant="secondary" onClick={() => navigate("../products")}>
          {t("admin.common.cancel")}
        </Button>
      </div>
    </form>
  );
}
