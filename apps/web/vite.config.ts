import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type UserConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("./dist", import.meta.url));
/** The guest's pages on the server (`vite build --ssr`), loaded by apps/server from dist/ssr. */
const GUEST_SERVER_ENTRY = "src/app/guest/guest-server.tsx";
/**
 * The guest's pages in the browser (`vite build --mode guest`): the page apps/server sends on
 * /service/customer/*, rendered or not; it finds the stylesheets through this build's own manifest.
 */
const GUEST_CLIENT_PAGE = "guest.html";
const GUEST_MODE = "guest";

/**
 * Preact in React's place, in the guest's builds only (browser and server alike, so the browser
 * hydrates what the same renderer wrote): React's DOM runtime alone is about 64 KB gzipped, two
 * thirds of the guest's 100 KB first load (docs/decisions/033-guest-build-with-preact.md).
 */
const preactForReact = [
  { find: /^react-dom\/server$/, replacement: "preact-render-to-string" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];
const server = "http://localhost:8080";

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
const gzipFile = promisify(gzip);
const brotliFile = promisify(brotliCompress);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build, compressed
 * once at their best level, so the server sends a phone a third of the bytes without compressing
 * on each request (@fastify/static `preCompressed`).
 */
function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "precompress-assets",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotliFile(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipFile(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The staff apps' service worker, built to /sw.js (docs/decisions/043-staff-apps-service-worker.md). */
const STAFF_SERVICE_WORKER = "src/service-worker/staff-service-worker.ts";
const SERVICE_WORKER_FILE = "sw.js";
/** Written out of the build's file list: the worker's `__STAFF_SHELL__` becomes the shell to cache. */
const SHELL_PLACEHOLDER = "__STAFF_SHELL__";

/**
 * Builds the staff apps' service worker as one file of its own at the site's root (its scope may
 * then be any path), in a build of its own so that nothing it shares with the app becomes an
 * import, and writes into it the files of this build to cache on install: every chunk,
 * stylesheet and asset, and the public files (the bell, the icons). The guest's build, made
 * afterwards, is not in it: the guest's pages are not the worker's.
 */
function staffServiceWorker(): Plugin {
  let publicDir = "";
  let outDir = "";
  return {
    name: "staff-service-worker",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = config.build.outDir;
    },
    // Written, not generated: Vite drops chunks only a stylesheet needed after generateBundle.
    // Before the precompression, which then compresses the worker too.
    writeBundle: {
      sequential: true,
      order: "pre",
      async handler(_options, bundle) {
        const built = Object.keys(bundle).filter(
          (file) => file !== "index.html" && !file.startsWith(".vite/") && !file.endsWith(".map"),
        );
        const version = createHash("sha256");
        const files = built.map((file) => `/${file}`);
        for (const file of built) version.update(file);
        const publicFiles = publicDir ? await readdir(publicDir, { recursive: true, withFileTypes: true }) : [];
        for (const entry of publicFiles.filter((file) => file.isFile())) {
          const full = path.join(entry.parentPath, entry.name);
          const file = `/${path.relative(publicDir, full).replaceAll("\\", "/")}`;
          files.push(file);
          version.update(file).update(await readFile(full));
        }
        files.sort();
        // One missing file fails the worker's whole install: say so at build time instead.
        const missing = files.filter((file) => !existsSync(path.join(outDir, file)));
        if (missing.length)
          throw new Error(`${SERVICE_WORKER_FILE} would cache files the build did not write: ${missing.join(", ")}`);
        const output = await build({
          configFile: false,
          root,
          logLevel: "warn",
          build: {
            write: false,
            target: "es2022",
            copyPublicDir: false,
            rolldownOptions: { input: path.join(root, STAFF_SERVICE_WORKER), output: { entryFileNames: SERVICE_WORKER_FILE } },
          },
        });
        const chunk = (Array.isArray(output) ? output : [output])
          .flatMap((result) => ("output" in result ? result.output : []))
          .find((file) => file.type === "chunk" && file.isEntry);
        if (chunk?.type !== "chunk" || !chunk.code.includes(SHELL_PLACEHOLDER) || /^import\b/m.test(chunk.code)) {
          throw new Error(`${SERVICE_WORKER_FILE} must be one file with a ${SHELL_PLACEHOLDER} to write the shell into`);
        }
        const shell = { version: version.digest("hex").slice(0, 16), files };
        await writeFile(path.join(outDir, SERVICE_WORKER_FILE), chunk.code.replace(SHELL_PLACEHOLDER, JSON.stringify(shell)));
      },
    },
  };
}

/**
 * The server's build of the guest's pages: one module with everything in it (React and the rest
 * bundled, so the server needs none of the web app's packages), the same components and CSS module
 * class names as the browser's build.
 */
const guestServerBuild: UserConfig = {
  root,
  plugins: [react()],
  resolve: { alias: preactForReact },
  ssr: { noExternal: true },
  build: {
    outDir: fileURLToPath(new URL("./dist/ssr", import.meta.url)),
    emptyOutDir: true,
    target: "node20",
    copyPublicDir: false,
    ssr: GUEST_SERVER_ENTRY,
    rolldownOptions: { output: { entryFileNames: "guest-server.js" } },
  },
};

/**
 * Writes which source modules each chunk of the build holds (`.vite/guest-modules.json`, paths from
 * the repository's root), so the guest's bundle test can tell what the first load carries: the
 * manifest names only files.
 */
function chunkModules(fileName: string): Plugin {
  return {
    name: "chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const repository = path.resolve(root, "../..");
      const modules = Object.fromEntries(
        Object.values(bundle).flatMap((output) =>
          output.type === "chunk"
            ? [[output.fileName, output.moduleIds.map((id) => path.relative(repository, id.split("?")[0]).replaceAll("\\", "/"))]]
            : [],
        ),
      );
      this.emitFile({ type: "asset", fileName, source: JSON.stringify(modules) });
    },
  };
}

/**
 * The guest's pages in the browser, built apart from the staff's app so that nothing the staff use
 * (react-router's data router, zod, their screens) is in the guest's chunks; written into the same
 * dist after the app's build, with a manifest of its own.
 */
const guestClientBuild: UserConfig = {
  root,
  plugins: [react(), chunkModules(".vite/guest-modules.json"), precompressAssets()],
  resolve: { alias: preactForReact },
  build: {
    outDir,
    emptyOutDir: false,
    copyPublicDir: false,
    target: "es2022",
    manifest: ".vite/guest-manifest.json",
    rolldownOptions: {
      input: path.join(root, GUEST_CLIENT_PAGE),
      output: {
        codeSplitting: {
          groups: [
            // The libraries in one file (they compress better together); the STOMP client stays
            // out, in a chunk lib/realtime.ts fetches once the menu is on screen.
            { name: "guest-vendor", test: /node_modules[\\/](?!@stomp[\\/])/, priority: 2 },
            // The rest of the first load in one file too: left alone, each module that a later
            // screen shares with the menu became a chunk of its own, some 15 small files that,
            // six at a time over HTTP/1.1, arrived about 650 ms after the libraries on Fast 4G. The
            // page's own entry stays out of it, or the manifest loses guest.html's entry.
            { name: "guest", tags: ["$initial"], test: /^(?!.*(guest-main\.tsx|guest\.html)$)/, priority: 1 },
          ],
        },
      },
    },
  },
};

// `npm run build:web` builds from the repo root; the paths below keep root and output in apps/web.
export default defineConfig(({ isSsrBuild, mode }) =>
  isSsrBuild
    ? guestServerBuild
    : mode === GUEST_MODE
      ? guestClientBuild
      : {
          root,
          plugins: [react(), staffServiceWorker(), precompressAssets()],
          build: {
            outDir,
            emptyOutDir: true,
            target: "es2022",
            manifest: true,
            rolldownOptions: {
              output: {
                // Few, larger chunks compress better than many small ones. Shared code is captured first
                // so each area's chunk holds only its screens. (The guest's pages are a build of their own.)
                codeSplitting: {
                  groups: [
                    {
                      name: "vendor",
                      test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
                      priority: 4,
                    },
                    // The preparation area (a kitchen tablet) in one chunk; its own lib pieces stay out of "common".
                    {
                      name: "prep",
                      test: /src[\\/](app[\\/]routes[\\/]prep|features[\\/](kitchen-tickets|product-availability)|lib[\\/](print|wake-lock|web-app-manifest)|components[\\/](switch|dropdown))/,
                      priority: 1,
                    },
                    // The waiter area (a phone) in one chunk.
                    { name: "waiter", test: /src[\\/](app[\\/]routes[\\/]waiter|features[\\/]waiter-tasks)[\\/]/, priority: 1 },
                    // Paying, which the waiter's and the till's screens share.
                    {
                      name: "payment",
                      test: /src[\\/]features[\\/](online-)?payment[\\/]/,
                      // Matched last, so what it shares with other screens stays in their chunks.
                      priority: 0,
                    },
                    // The menu, basket and table feed, which the waiter's ordering screens reuse, above the
                    // staff areas: a group also takes what its modules import, so at equal priority these
                    // features would go into the waiter chunk and any other screen using them would load it.
                    {
                      name: "customer",
                      test: /src[\\/]features[\\/](table-feed|menu|basket)[\\/]/,
                      priority: 2,
                    },
                    // The domain's zod contracts stay out: capturing them here would pull zod (about 22 KB
                    // gzipped) into every area's first load.
                    // So do what only some staff use (statistics, fiscal rules, the payment calculator, CSV
                    // saving, the employees' login form): they go with the screens that import them.
                    // The not-found page is the main bundle's and the staff areas' fallback route alike. The
                    // STOMP library is left to a chunk of its own, which lib/realtime.ts fetches on first use.
                    {
                      name: "common",
                      test: /(src[\\/](lib|components|features[\\/]auth)[\\/](?!locales[\\/](?:en|de|fr|it)|print[\\/]|wake-lock|web-app-manifest|switch|dropdown|save-file|components[\\/]employee-login)|app[\\/]routes[\\/]not-found-page|packages[\\/]domain[\\/]src[\\/](?!validation-messages|contracts[\\/]|stats[\\/]|fiscal[\\/]|payment-calculator))/,
                      priority: 3,
                    },
                  ],
                },
              },
            },
          },
          server: {
            proxy: {
              "/api": server,
              "/management": server,
              "/websocket": { target: server, ws: true },
            },
          },
        },
);
