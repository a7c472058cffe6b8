import type { Language } from "@tableorder/domain/enums";
import i18next from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { el } from "./locales/el.ts";
import { en } from "./locales/en.ts";

/** The chosen language is remembered under this key (spec 1 §9). */
export const LANGUAGE_KEY = "language";
const LANGUAGES: readonly Language[] = ["el", "en"];
const LOCALES: Record<Language, string> = { el: "el-GR", en: "en-US" };

function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    /* storage unavailable: Greek */
  }
  return "el";
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { el: { translation: el }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: "el",
  supportedLngs: ["el", "en"],
  interpolation: { escapeValue: false },
  // Resources are bundled, so initialisation is synchronous and the first render is translated.
  initAsync: false,
  returnNull: false,
});

function applyToDocument(lang: Language): void {
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}
applyToDocument(currentLanguage());
i18n.on("languageChanged", (lang) => {
  if (!isLanguage(lang)) return;
  applyToDocument(lang);
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    /* not remembered, still applied */
  }
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : "el";
}

export function setLanguage(lang: Language): void {
  if (lang !== currentLanguage()) void i18n.changeLanguage(lang);
}

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

/** The current language and its locale, re-rendering on change; queries key on it. */
export function useLanguage(): { lang: Language; locale: string } {
  const { i18n: instance } = useTranslation();
  const lang = isLanguage(instance.language) ? instance.language : "el";
  return { lang, locale: LOCALES[lang] };
}
