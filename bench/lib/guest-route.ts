import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The modules a guest's first load of the menu needs: the app's entry and the guest's pages' root it starts. */
export const GUEST_ROUTE_MODULES = ["index.html", "src/app/guest/guest-client.tsx"] as const;

/** The guest menu's JavaScript budget (issue 4): gzip level 6, without HTTP headers. */
export const GUEST_JS_BUDGET_BYTES = 150 * 1024;

/** Gzip (level 6) and raw sizes of the JS and CSS files the manifest says the menu route needs. */
export function builtSizes(webDist: string): { js: number; css: number; jsRaw: number; cssRaw: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(webDist, ".vite/manifest.json"), "utf8")) as Record<
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
  for (const entry of GUEST_ROUTE_MODULES) walk(entry);
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
  return { js: js.gzip, css: styles.gzip, jsRaw: js.raw, cssRaw: styles.raw, files: [...files, ...css] };
}
