import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The guest's page, in the guest's own build (apps/web/vite.config.ts), and that build's manifest. */
export const GUEST_PAGE = "guest.html";
const GUEST_MANIFEST = ".vite/guest-manifest.json";
/** Which source modules each chunk of that build holds (its `chunkModules` plugin). */
const GUEST_MODULES = ".vite/guest-modules.json";

/** The guest menu's JavaScript budget (issue 29): gzip level 6, without HTTP headers. */
export const GUEST_JS_BUDGET_BYTES = 100 * 1024;

/**
 * Gzip (level 6) and raw sizes of the JS and CSS files the manifest says the menu route needs, and
 * the source modules in them (`modules`, relative to the repository, node_modules/… for packages).
 */
export function builtSizes(webDist: string): {
  js: number;
  css: number;
  jsRaw: number;
  cssRaw: number;
  files: string[];
  modules: string[];
} {
  const manifest = JSON.parse(readFileSync(path.join(webDist, GUEST_MANIFEST), "utf8")) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const chunks = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    if (chunks.has(key) || !manifest[key]) return;
    chunks.add(key);
    for (const file of manifest[key].css ?? []) css.add(file);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk(GUEST_PAGE);
  const files = [...chunks].map((key) => manifest[key].file);
  const size = (list: string[]) => {
    let gzip = 0;
    let raw = 0;
    for (const file of list) {
      const body = readFileSync(path.join(webDist, file));
      raw += body.length;
      gzip += gzipSync(body, { level: 6 }).length;
    }
    return { gzip, raw };
  };
  const js = size(files);
  const styles = size([...css]);
  const chunkModules = JSON.parse(readFileSync(path.join(webDist, GUEST_MODULES), "utf8")) as Record<string, string[]>;
  const modules = files.flatMap((file) => chunkModules[file] ?? []);
  return { js: js.gzip, css: styles.gzip, jsRaw: js.raw, cssRaw: styles.raw, files: [...files, ...css], modules };
}
