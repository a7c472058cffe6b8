// Renders the preparation app's PNG icons from its SVGs in Chromium (playwright-core, Debian's
// /usr/bin/chromium): prep-icon-192.png, prep-icon-512.png and prep-icon-maskable-512.png.
// Run: node apps/web/scripts/make-prep-icons.mjs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = (name) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));
const ICONS = [
  { svg: "prep-icon.svg", png: "prep-icon-192.png", size: 192 },
  { svg: "prep-icon.svg", png: "prep-icon-512.png", size: 512 },
  { svg: "prep-icon-maskable.svg", png: "prep-icon-maskable-512.png", size: 512 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  for (const { svg, png, size } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const markup = readFileSync(publicDir(svg), "utf8").replace("<svg ", `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
    await page.screenshot({ path: publicDir(png), omitBackground: true });
    await page.close();
    console.log(`wrote ${png}`);
  }
} finally {
  await browser.close();
}
