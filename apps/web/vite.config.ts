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
  },
  server: {
    proxy: {
      "/api": server,
      "/management": server,
      "/websocket": { target: server, ws: true },
    },
  },
});
