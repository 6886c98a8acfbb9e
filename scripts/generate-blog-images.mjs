#!/usr/bin/env node
/**
 * Draws the pictures of the blog's cards: one 16:10 scene per post, composed from the shipped
 * product illustrations (web/public/demo/products/*.svg, without their square backgrounds) on a
 * backdrop of its own, so that nothing is cropped the way a square product picture or a banner
 * with text is in a 16:10 card. Writes web/public/demo/blog/<post>-{480,800}.webp (the widths the
 * blog card's srcset names, web/src/features/blog/content/blog-posts.ts).
 *
 * Plain Node ESM with sharp (a dependency of the server); nothing is fetched from the internet.
 * Run it again after changing a scene or a product illustration: `node scripts/generate-blog-images.mjs`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WIDTH = 1600;
const HEIGHT = 1000;
/** Keep in step with BLOG_IMAGE_WIDTHS in web/src/features/blog/content/blog-posts.ts. */
const WIDTHS = [480, 800];
/** A card picture is small: this many bytes at most at its largest width. */
const MAX_BYTES = 40_000;

let uses = 0;

/**
 * A product illustration without its square backdrop (the gradient and the decorative circles),
 * its ids made unique so that several can share one picture, drawn `size` wide at (x, y).
 */
function product(slug, { x, y, size, rotate = 0 }) {
  const prefix = `p${++uses}-`;
  let svg = readFileSync(join(ROOT, "web/public/demo/products", `${slug}.svg`), "utf8");
  svg = svg
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replace(/<rect width="800" height="800" fill="url\(#bg\)"\/>(<circle [^>]*opacity="[^"]*"\/>){0,4}/, "")
    .replace(/id="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  const centre = `${x + size / 2} ${y + size / 2}`;
  return `<g transform="rotate(${rotate} ${centre})"><svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 800 800">${svg}</svg></g>`;
}

/** A soft two-colour backdrop with a glow behind the subject and a few quiet dots. */
function backdrop(id, from, to, glow, dots) {
  const dotMarks = dots
    .map(
      ([cx, cy, r, colour, opacity]) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="${opacity}"/>`,
    )
    .join("");
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#${id})"/>` +
    `<circle cx="800" cy="520" r="420" fill="${glow}" opacity=".45"/>${dotMarks}`
  );
}

/** Sound waves either side of a point: arcs that fade outwards. */
function waves(cx, cy, colour) {
  return [1, 2, 3]
    .flatMap((step) => {
      const r = 330 + step * 70;
      const opacity = (0.5 - step * 0.13).toFixed(2);
      const arc = (side) =>
        `<path d="M${cx + side * r * 0.5},${cy - r * 0.866}A${r},${r} 0 0 ${side > 0 ? 1 : 0} ${cx + side * r * 0.5},${cy + r * 0.866}" fill="none" stroke="${colour}" stroke-width="14" stroke-linecap="round" opacity="${opacity}"/>`;
      return [arc(1), arc(-1)];
    })
    .join("");
}

/**
 * Each post's scene, drawn in this order: the backdrop (its gradient's two colours, the glow
 * behind the subject, a few dots), anything drawn behind the products, then the products, the
 * last one in front.
 */
const scenes = {
  "summer-dresses": {
    backdrop: ["#fff4d6", "#ffd9c2", "#ffffff"],
    dots: [
      [180, 160, 40, "#f3b93a", 0.2],
      [1420, 820, 30, "#ef8a74", 0.22],
      [1460, 180, 14, "#f3b93a", 0.3],
    ],
    // A clothes rail the three hangers hang from (their hooks top out at y 90 of 800).
    behind: () => `<rect x="90" y="118" width="1420" height="16" rx="8" fill="#a87a4c"/>`,
    products: {
      "coral-linen-midi-dress": { x: -30, y: 40, size: 860 },
      "polka-dot-wrap-dress": { x: 770, y: 40, size: 860 },
      "sunny-floral-summer-dress": { x: 370, y: 40, size: 860 },
    },
  },
  chronograph: {
    backdrop: ["#f7ead9", "#e9d3b8", "#fff8ee"],
    dots: [
      [210, 820, 46, "#7a4a25", 0.12],
      [1400, 170, 24, "#7a4a25", 0.16],
    ],
    products: {
      "navigator-steel-chronograph-watch": { x: 880, y: 170, size: 680, rotate: 12 },
      "aviator-chronograph-watch": { x: 240, y: 60, size: 880, rotate: -8 },
    },
  },
  "white-sneakers": {
    backdrop: ["#e3f6ef", "#c6e9dc", "#ffffff"],
    dots: [
      [1330, 230, 54, "#ffffff", 0.7],
      [1420, 330, 30, "#ffffff", 0.6],
      [1260, 330, 20, "#ffffff", 0.8],
      [220, 200, 36, "#1f9d72", 0.12],
    ],
    // A shoe brush: a wooden back with bristles.
    behind: () =>
      `<g transform="rotate(-14 1200 800)"><rect x="1030" y="740" width="360" height="90" rx="40" fill="#b07a44"/>` +
      `<rect x="1050" y="820" width="320" height="50" rx="12" fill="#efe6d6"/>` +
      `<rect x="1070" y="755" width="280" height="18" rx="9" fill="#c99763"/></g>`,
    products: { "cloud-white-leather-sneaker": { x: 250, y: 110, size: 960 } },
  },
  "noise-cancelling": {
    backdrop: ["#fdf1d8", "#f6d9a6", "#ffffff"],
    dots: [[1440, 860, 30, "#d9891f", 0.2]],
    behind: () => waves(800, 500, "#d9891f"),
    products: { "studiopro-wireless-headphones": { x: 380, y: 60, size: 840 } },
  },
  "denim-jacket": {
    backdrop: ["#e6eefa", "#c9d8ef", "#ffffff"],
    dots: [
      [170, 840, 40, "#3e5d89", 0.14],
      [1450, 160, 22, "#3e5d89", 0.18],
    ],
    products: {
      "forest-zip-hoodie": { x: 60, y: 260, size: 560, rotate: -6 },
      "slim-stretch-chinos": { x: 1010, y: 250, size: 560, rotate: 6 },
      "classic-denim-jacket": { x: 420, y: 60, size: 820 },
    },
  },
  "gadgets-week": {
    backdrop: ["#5b3df5", "#c02c8f", "#8e6bff"],
    dots: [
      [200, 180, 14, "#ffffff", 0.5],
      [1400, 140, 10, "#ffffff", 0.5],
      [1480, 820, 16, "#ffffff", 0.4],
      [120, 820, 10, "#ffffff", 0.45],
      [760, 90, 8, "#ffffff", 0.5],
    ],
    products: {
      "proplay-game-controller": { x: 60, y: 300, size: 620, rotate: -10 },
      "studiopro-wireless-headphones": { x: 930, y: 220, size: 640, rotate: 8 },
      "nova-x-smartphone": { x: 470, y: 60, size: 860 },
    },
  },
};

/** A scene's SVG content (see scenes). */
function draw({ backdrop: [from, to, glow], dots, behind = () => "", products }) {
  return (
    backdrop("b", from, to, glow, dots) +
    behind() +
    Object.entries(products)
      .map(([slug, place]) => product(slug, place))
      .join("")
  );
}

const { default: sharp } = await import("sharp");
const outDir = join(ROOT, "web/public/demo/blog");
mkdirSync(outDir, { recursive: true });
for (const [name, scene] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${draw(scene)}</svg>`;
  for (const width of WIDTHS) {
    const webp = await sharp(Buffer.from(svg), { density: (72 * width) / WIDTH })
      .resize(width)
      .webp({ quality: 78, effort: 6 })
      .toBuffer();
    if (webp.length > MAX_BYTES)
      throw new Error(`${name}-${width}.webp is ${webp.length} bytes (limit ${MAX_BYTES})`);
    writeFileSync(join(outDir, `${name}-${width}.webp`), webp);
    console.log(`${name}-${width}.webp ${webp.length} B`);
  }
}
