import "../app.css";
import { startGuestPages } from "./guest-client.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("guest.html has no #root");
await startGuestPages(root);
