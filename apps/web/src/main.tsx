// First: before any schema is created (see the module).
import "./lib/zod-jitless.ts";
import "./app/app.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

// The guest's pages have a root of their own, which the server renders into the page and which
// carries none of the staff's code (docs/decisions/031-guest-menu-server-rendering.md).
if (window.location.pathname.startsWith("/service/customer/")) {
  const { startGuestPages } = await import("./app/guest/guest-client.tsx");
  await startGuestPages(root);
} else {
  const { startApp } = await import("./app/app-client.tsx");
  await startApp(root);
}
