// First: before any schema is created (see the module).
import "./lib/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./app/app.css";
import { AppProviders } from "./app/providers.tsx";
import { router } from "./app/router.tsx";
import { initI18n } from "./lib/i18n.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

await initI18n();
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
