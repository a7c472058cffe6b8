import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const server = "http://localhost:8080";

// `npm run build:web` builds from the repo root; the paths below keep root and output in apps/web.
export default defineConfig({
  root,
  plugins: [react()],
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
            { name: "vendor", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 3 },
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
            {
              name: "customer",
              test: /src[\\/](app[\\/]routes[\\/]customer[\\/](?!payment(-result)?[\\/])|features[\\/](table-feed|menu|basket)[\\/])/,
              priority: 1,
            },
            {
              name: "common",
              test: /(src[\\/](lib|components|features[\\/]auth)[\\/](?!locales[\\/]en|print[\\/]|wake-lock|web-app-manifest|switch|dropdown)|packages[\\/]domain[\\/]src[\\/](?!validation-messages)|@stomp)/,
              priority: 2,
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
});
