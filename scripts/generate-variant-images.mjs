#!/usr/bin/env node
/**
 * Makes the demo catalogue's extra pictures from its product artwork (run after
 * generate-demo-assets.mjs): the same garment in another colour (`<slug>--<colour>.svg`, the
 * gradient "g" recoloured) and a close-up (`<slug>--detail.svg`, a cropped view box), for the
 * products server/src/db/demo-variants.ts lists. Plain Node, no dependencies; overwrites.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "web/public/demo/products");

/** slug -> colour name -> base colour; the product's own colour keeps its picture. */
const COLOURS = {
  "essential-crew-t-shirt": { red: "#b3263a", green: "#3f6b3a" },
  "classic-denim-jacket": { black: "#2b2d33" },
  "retro-court-sneaker": { red: "#c0392b", green: "#2e7d4f" },
  "sunny-floral-summer-dress": { blue: "#4a78c2" },
};
/** Products that get a close-up as a second picture: the list the demo catalogue's variants read. */
const DETAILS = JSON.parse(
  readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), "..", "server/src/db/demo-close-ups.json"),
    "utf8",
  ),
);

const hex = (value) => value.toString(16).padStart(2, "0");
function shade(base, factor) {
  const channels = [1, 3, 5].map((index) => parseInt(base.slice(index, index + 2), 16));
  const mixed = channels.map((channel) =>
    Math.round(factor >= 0 ? channel + (255 - channel) * factor : channel * (1 + factor)),
  );
  return `#${mixed.map(hex).join("")}`;
}

function recolour(svg, base) {
  return svg.replace(/(<linearGradient id="g"[^>]*>)((?:<stop[^>]*>)+)/, (_, open, stops) => {
    const list = stops.match(/<stop[^>]*>/g);
    const factors = list.map((_, index) => [0.35, 0, -0.25, -0.45][index] ?? -0.3);
    return (
      open +
      list
        .map((stop, index) =>
          stop.replace(/stop-color="#[0-9a-fA-F]+"/, `stop-color="${shade(base, factors[index])}"`),
        )
        .join("")
    );
  });
}

const closeUp = (svg) => svg.replace('viewBox="0 0 800 800"', 'viewBox="220 200 360 360"');

for (const [slug, colours] of Object.entries(COLOURS)) {
  const svg = readFileSync(join(DIR, `${slug}.svg`), "utf8");
  for (const [name, base] of Object.entries(colours)) {
    const out = recolour(svg, base);
    if (out === svg) throw new Error(`${slug}: no gradient "g" to recolour`);
    writeFileSync(join(DIR, `${slug}--${name}.svg`), out);
  }
}
for (const slug of DETAILS) {
  const svg = readFileSync(join(DIR, `${slug}.svg`), "utf8");
  writeFileSync(join(DIR, `${slug}--detail.svg`), closeUp(svg));
}
console.log("variant pictures written");
