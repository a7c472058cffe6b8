import { readFileSync } from "node:fs";

/** The agent's version, from its package.json; the browser sees it in `hello` and `pong`. */
export const AGENT_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
