// First: before any schema is created (see the module).
import "./lib/zod-jitless.ts";
import "./app/app.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

// The guest's pages have a root and a build of their own (guest.html), which the server sends on
// /service/customer/* (docs/decisions/033-guest-build-with-preact.md); only the development
// server, which knows no such page, starts them from here.
if (import.meta.env.DEV && window.location.pathname.startsWith("/service/customer/")) {
  const { startGuestPages } = await import("./app/guest/guest-client.tsx");
  await startGuestPages(root);
} else {
  const { startApp } = await import("./app/app-client.tsx");
  await startApp(root);
}
