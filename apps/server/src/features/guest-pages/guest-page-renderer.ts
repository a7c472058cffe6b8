import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GUEST_MENU_PAGE_DATA_ID, type GuestMenuPage, type GuestPageRenderer } from "@tableorder/domain/contracts/guest-page";

/** The web build's server rendering of the guest's pages (`vite build --ssr`, see apps/web/vite.config.ts). */
export const GUEST_PAGES_SERVER_DIRECTORY = "ssr";
const SERVER_ENTRY = `${GUEST_PAGES_SERVER_DIRECTORY}/guest-server.js`;
/**
 * The guest's pages in the browser: a build of their own (`vite build --mode guest`), whose page
 * starts only the guest's root, with Preact in React's place (docs/decisions/033-guest-build-with-preact.md).
 */
const CLIENT_PAGE = "guest.html";
const CLIENT_MANIFEST = ".vite/guest-manifest.json";

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The stylesheets of a manifest entry and of every chunk it imports. */
function stylesheetsOf(manifest: Manifest, entry: string): string[] {
  const seen = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const file of manifest[key].css ?? []) css.add(file);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk(entry);
  return [...css];
}

/** A JSON script's text: `<` escaped, so no `</script>` or `<!--` in the data can end the element. */
export function jsonScriptText(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

export interface GuestPageHtml {
  /** The whole HTML document of a guest's menu page at that address. */
  render(url: string, page: GuestMenuPage): string;
  /** The guest's page with nothing rendered, for the addresses the browser renders alone. */
  empty: string;
}

/**
 * The guest pages' server rendering from the web build, loaded on the first page asked for (a start
 * that serves no guest page does not import it and prepare its catalogs); null where the build has
 * none (the development server, tests that do not build), where the server sends index.html as it is.
 */
export function guestPageHtmlLoader(webDist: string): (() => Promise<GuestPageHtml>) | null {
  const entry = path.join(webDist, SERVER_ENTRY);
  if (!existsSync(entry) || !existsSync(path.join(webDist, CLIENT_PAGE))) return null;
  let loading: Promise<GuestPageHtml> | null = null;
  return () => {
    loading ??= loadGuestPageHtml(webDist, entry);
    return loading;
  };
}

async function loadGuestPageHtml(webDist: string, entry: string): Promise<GuestPageHtml> {
  const { renderer } = (await import(pathToFileURL(entry).href)) as { renderer: GuestPageRenderer };
  await renderer.prepare();
  const template = await readFile(path.join(webDist, CLIENT_PAGE), "utf8");
  const manifest = JSON.parse(await readFile(path.join(webDist, CLIENT_MANIFEST), "utf8")) as Manifest;
  // Linked in <head>, the screens' styles apply with the first paint, before any script has run;
  // the browser build's loader finds them there and does not add them again.
  const links = stylesheetsOf(manifest, CLIENT_PAGE)
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join("");
  const [head, body] = template.split("</head>");
  if (body === undefined || !body.includes('<div id="root"></div>')) {
    throw new Error(`${path.join(webDist, CLIENT_PAGE)} has no </head> or empty <div id="root"></div>`);
  }
  return {
    empty: template,
    render(url, page) {
      const markup = renderer.renderGuestMenuPage(url, page);
      const data = `<script type="application/json" id="${GUEST_MENU_PAGE_DATA_ID}">${jsonScriptText(page)}</script>`;
      return `${head.replace('<html lang="el">', `<html lang="${page.lang}">`)}${links}</head>${body.replace(
        '<div id="root"></div>',
        () => `<div id="root">${markup}</div>${data}`,
      )}`;
    },
  };
}
