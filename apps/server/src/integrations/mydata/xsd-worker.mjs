// One long-lived thread that runs xmllint-wasm's libxml2 for validate-xml.ts. The package's own
// validateXML starts a new worker and compiles the 0.8 MB WebAssembly module on every call, which
// is most of a check's cost (about 150 ms quiet, up to 1 s on a busy 2-core machine, against 5-40 ms
// here for the same batch); this thread compiles it once and instantiates it per check, each with
// fresh memory, so one check never sees another's files.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const packageDirectory = dirname(require.resolve("xmllint-wasm/xmllint-node.js"));
// The Emscripten factory; the file also listens for the package's own tagged messages, which this
// thread never sends.
const runXmllint = require(join(packageDirectory, "xmllint-node.js"));
const compiled = WebAssembly.compile(readFileSync(join(packageDirectory, "xmllint.wasm")));

/** 16 MiB to start, 32 MiB at most: the package's defaults. */
const MEMORY = { initial: 256, maximum: 512 };

parentPort.on("message", async (job) => {
  if (job?.kind !== "check") return;
  let stderr = "";
  try {
    const wasm = await compiled;
    const exitCode = await new Promise((resolve) => {
      runXmllint({
        inputFiles: job.inputFiles,
        arguments: job.args,
        print() {},
        printErr(text) {
          stderr += `${text}\n`;
        },
        onExit: resolve,
        onAbort(reason) {
          stderr += `WASM Abort: ${reason}\n`;
          resolve(-1);
        },
        wasmMemory: new WebAssembly.Memory(MEMORY),
        instantiateWasm(imports, done) {
          WebAssembly.instantiate(wasm, imports).then(done, (error) => {
            stderr += `${error}\n`;
            resolve(-1);
          });
          return {};
        },
      });
    });
    parentPort.postMessage({ kind: "checked", id: job.id, exitCode, stderr });
  } catch (error) {
    parentPort.postMessage({ kind: "checked", id: job.id, exitCode: -1, stderr: `${stderr}${error}\n` });
  }
});
