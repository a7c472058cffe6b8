import { readFileSync, readdirSync } from "node:fs";
import { SourceMapConsumer } from "source-map";
const dir = "/work/main/apps/web/dist/assets/";
const totals = new Map();
for (const f of readdirSync(dir).filter((f) => f.endsWith(".js.map"))) {
  const map = JSON.parse(readFileSync(dir + f, "utf8"));
  const code = readFileSync(dir + f.replace(/\.map$/, ""), "utf8").split("\n");
  await SourceMapConsumer.with(map, null, (c) => {
    let prev = null;
    c.eachMapping((m) => {
      if (prev) {
        const len = prev.generatedLine === m.generatedLine ? m.generatedColumn - prev.generatedColumn : code[prev.generatedLine - 1].length - prev.generatedColumn;
        let src = prev.source ?? "?";
        src = src.replace(/.*node_modules\//, "nm:").replace(/^nm:(@[^/]+\/[^/]+|[^/]+).*/, "nm:$1").replace(/.*apps\/web\/src\/.*/, "web").replace(/.*packages\/domain.*/, "domain");
        const key = f.replace(/-[\w-]+\.js\.map$/, "") + " " + src;
        totals.set(key, (totals.get(key) ?? 0) + len);
      }
      prev = m;
    });
  });
}
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(String(v).padStart(8), k);
