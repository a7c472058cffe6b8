import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
/** The guest's pages in the browser; the server finds its stylesheets through the build's manifest. */
const GUEST_CLIENT_ENTRY = "src/app/guest/guest-client.tsx";
/** The guest's pages on the server (`vite build --ssr`), loaded by apps/server from dist/ssr. */
const GUEST_SERVER_ENTRY = "src/app/guest/guest-server.tsx";
const server = "http://localhost:8080";

/**
 * A guest's phone opens /service/customer/... first. The guest's pages are a chunk main.tsx asks
 * for only once the main bundle has run (about half a second on a mid-range phone);
 * this small script, first in index.html, lets the browser fetch them alongside the main bundle instead,
 * on customer paths only, which takes one network round trip off the guest's first load. It goes
 * first in <head>: a script after the stylesheets would wait for them before it runs.
 */
function preloadCustomerScreens(): Plugin {
  const screens = [GUEST_CLIENT_ENTRY];
  let script: { fileName: string; code: string } | null = null;
  return {
    name: "preload-customer-screens",
    apply: "build",
    // After Vite's HTML plugin has written index.html, whose transform below named the file.
    generateBundle: {
      order: "post",
      handler() {
        if (script) this.emitFile({ type: "asset", fileName: script.fileName, source: script.code });
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || scripts.has(fileName)) return;
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const next of chunk.imports) visit(next);
        };
        for (const chunk of chunks) {
          if (screens.some((screen) => chunk.facadeModuleId?.replaceAll("\\", "/").endsWith(screen))) visit(chunk.fileName);
        }
        if (!scripts.size) return [];
        const links = [
          ...[...scripts].map((file) => ["modulepreload", file]),
          ...[...styles].map((file) => ["preload", file, "style"]),
        ];
        const code = `if(location.pathname.startsWith("/service/customer/")){for(const[r,h,a]of ${JSON.stringify(links)}){const l=document.createElement("link");l.rel=r;l.href="/"+h;l.crossOrigin="";if(a)l.as=a;document.head.append(l)}}`;
        // A file, not inline: the Content-Security-Policy allows no inline script. A classic script
        // without async or defer still runs before the rest of <head> is read, so before first paint.
        const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
        script = { fileName: `assets/preload-customer-screens-${hash}.js`, code };
        return [{ tag: "script", attrs: { src: `/${script.fileName}` }, injectTo: "head-prepend" }];
      },
    },
  };
}

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

/**
 * The server's build of the guest's pages: one module with everything in it (React and the rest
 * bundled, so the server needs none of the web app's packages), the same components and CSS module
 * class names as the browser's build.
 */
const guestServerBuild: UserConfig = {
  root,
  plugins: [react()],
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

// `npm run build:web` builds from the repo root; the paths below keep root and output in apps/web.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? guestServerBuild
    : {
        root,
        plugins: [react(), preloadCustomerScreens(), precompressAssets()],
        build: {
          outDir: fileURLToPath(new URL("./dist", import.meta.url)),
          emptyOutDir: true,
          target: "es2022",
          manifest: true,
          rolldownOptions: {
            output: {
              // Few, larger chunks compress better than many small ones: the guest loads four files.
              // Shared code is captured first so the customer chunk holds only customer screens.
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
                  // Paying is a step most guests take once, at the end: its screens load only then.
                  {
                    name: "payment",
                    test: /src[\\/](app[\\/]routes[\\/]customer[\\/]payment(-result)?|features[\\/](online-)?payment)[\\/]/,
                    // Matched last, so what it shares with other screens stays in their chunks.
                    priority: 0,
                  },
                  // Above the staff areas: the waiter's ordering screens reuse the menu and basket, and a
                  // group also takes what its modules import, so at equal priority those features went
                  // into the waiter chunk and the guest's phone loaded the waiter (and kitchen) screens.
                  {
                    name: "customer",
                    test: /src[\\/](app[\\/]routes[\\/]customer[\\/](?!payment(-result)?[\\/])|features[\\/](table-feed|menu|basket)[\\/])/,
                    priority: 2,
                  },
                  // The domain's zod contracts stay out: the guest's screens import only their types, and
                  // capturing them here would pull zod (about 22 KB gzipped) into every area's first load.
                  // So do what only staff use (statistics, fiscal rules, the payment calculator, CSV
                  // saving, the employees' login form): they go with the screens that import them.
                  // The not-found page is the main bundle's and the staff areas' fallback route alike. The
                  // STOMP library is left to a chunk of its own, which lib/realtime.ts fetches on first use.
                  {
                    name: "common",
                    test: /(src[\\/](lib|components|features[\\/]auth)[\\/](?!locales[\\/]en|print[\\/]|wake-lock|web-app-manifest|switch|dropdown|save-file|components[\\/]employee-login)|app[\\/]routes[\\/]not-found-page|packages[\\/]domain[\\/]src[\\/](?!validation-messages|contracts[\\/]|stats[\\/]|fiscal[\\/]|payment-calculator))/,
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
