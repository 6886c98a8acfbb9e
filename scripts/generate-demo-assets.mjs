#!/usr/bin/env node
/**
 * Generates the demo catalogue artwork and the server's demo data module.
 *
 * Single source of truth: `scripts/demo-catalogue.json`.
 *   - `products[]`: slug, productname, category, priceCents, stock, description,
 *     plus the art direction: `type` (which template draws it), optional `variant`
 *     and `colors` ({ main, accent, bg, metal? }).
 *   - `reviews[]`: name, review text and the number of the avatar to use.
 *
 * From it this script writes (overwriting):
 *   - web/public/demo/products/<slug>.svg   800x800, one per product
 *   - web/public/demo/promo/promo-{1,2,3}.svg   1600x600 carousel banners, and from them
 *     promo-{1,2,3}-{800,1280,1600}.webp, the renditions the carousel shows (a browser draws an
 *     SVG banner, text and all, on the page's main thread; a WebP it decodes off it)
 *   - web/public/demo/avatars/avatar-{1..8}.svg   256x256 people for testimonials
 *   - server/src/db/demo-data.ts   typed `demoProducts` / `demoReviews` (formatted with the
 *     repository's prettier when it is installed); never edit it
 *     by hand: change the JSON and run `node scripts/generate-demo-assets.mjs`.
 *     Products are emitted in round-robin category order, so the first eight
 *     ("Best Seller Products" on the home page) show every category.
 *
 * Plain Node ESM; the WebP renditions use sharp (a dependency of the server). Every SVG is
 * self-contained: no raster data, no external references, no scripts; product and avatar art
 * uses no text.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const catalogue = JSON.parse(readFileSync(join(ROOT, "scripts/demo-catalogue.json"), "utf8"));

/* ------------------------------------------------------------------ colour */

const rgb = (h) => {
  let s = h.replace("#", "");
  if (s.length === 3) s = [...s].map((x) => x + x).join("");
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16));
};
const hex = (c) =>
  "#" +
  c
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");
const mix = (a, b, t) => {
  const x = rgb(a);
  const y = rgb(b);
  return hex(x.map((v, i) => v + (y[i] - v) * t));
};
const lt = (c, t) => mix(c, "#ffffff", t);
const dk = (c, t) => mix(c, "#000000", t);
const luma = (c) => {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/** Palette from a product's colours: main (m), accent (a), background (b), metal. */
function palette({ main, accent, bg, metal }) {
  const pale = luma(main) > 0.85; // white products need visible shading
  return {
    m: main,
    l: lt(main, 0.3),
    ll: lt(main, 0.6),
    d: dk(main, pale ? 0.12 : 0.22),
    dd: dk(main, pale ? 0.25 : 0.42),
    a: accent,
    al: lt(accent, 0.35),
    ad: dk(accent, 0.3),
    b: bg ?? lt(main, 0.8),
    metal: metal ?? "#c9ced6",
  };
}

/* --------------------------------------------------------------- svg bits */

const n = (v) => Math.round(v * 10) / 10;
function stops(cols) {
  return cols
    .map((c, i) => {
      const [col, off = i / Math.max(1, cols.length - 1), op] = Array.isArray(c) ? c : [c];
      return `<stop offset="${n(off)}" stop-color="${col}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`;
    })
    .join("");
}
/** Linear gradient; default direction left to right. */
const lg = (id, cols, x1 = 0, y1 = 0, x2 = 1, y2 = 0) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(cols)}</linearGradient>`;
const rg = (id, cols, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(cols)}</radialGradient>`;
/** Horizontal "cylinder" shading: light on the left, dark on the right. */
const shade = (id, c, x2 = 1, y2 = 0) => lg(id, [c.l, [c.m, 0.45], c.d], 0, 0, x2, y2);
const mirror = (s) => `<g transform="matrix(-1 0 0 1 800 0)">${s}</g>`;
const stitch = (d, col, w = 3) =>
  `<path d="${d}" fill="none" stroke="${col}" stroke-width="${w}" stroke-dasharray="9 7" stroke-linecap="round" opacity=".8"/>`;
const line = (d, col, w, op = 1) =>
  `<path d="${d}" fill="none" stroke="${col}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${op === 1 ? "" : ` opacity="${op}"`}/>`;
/** Soft drop shadow (classic primitives: feDropShadow is not supported everywhere). */
const dropShadow = (id, color, op, dy = 16, blur = 14) =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="o"/><feFlood flood-color="${color}" flood-opacity="${op}"/><feComposite in2="o" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;
const doc = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;
const hanger = (y = 180) =>
  line(`M400,${y - 52}V${y - 70}c0-12 8-20 20-20s20 8 20 20-9 17-20 20`, "#8d929c", 7) +
  line(`M400,${y - 52}L285,${y}H515Z`, "#a87a4c", 10);

/** Studio backdrop, soft spotlight and a floor shadow. */
function backdrop(c, p, floor = [400, 690, 270, 34]) {
  const [fx, fy, frx, fry] = floor;
  return (
    `<defs>${rg(p + "bg", [lt(c.b, 0.6), c.b, dk(c.b, 0.06)], 0.5, 0.42, 0.72)}` +
    `${rg(p + "sh", [
      ["#000", 0, 0.3],
      ["#000", 1, 0],
    ])}` +
    `${dropShadow(p + "f", dk(c.b, 0.6), 0.28)}</defs>` +
    `<rect width="800" height="800" fill="url(#${p}bg)"/>` +
    `<circle cx="400" cy="385" r="300" fill="#fff" opacity=".32"/>` +
    `<circle cx="120" cy="130" r="34" fill="${c.a}" opacity=".12"/><circle cx="690" cy="640" r="22" fill="${c.m}" opacity=".14"/>` +
    `<circle cx="668" cy="150" r="10" fill="${c.m}" opacity=".18"/>` +
    (frx ? `<ellipse cx="${fx}" cy="${fy}" rx="${frx}" ry="${fry}" fill="url(#${p}sh)"/>` : "")
  );
}

/* ------------------------------------------------------------ templates
 * Each template: (palette, idPrefix, variant) => { art, floor? } drawn in an
 * 800x800 space. `floor` positions the floor shadow (null = hanging item).   */

const T = {};

T.dress = (c, p, v) => {
  const skirt =
    "M316,376Q400,392 484,376Q560,520 610,668Q560,690 505,672Q455,698 400,676Q345,698 295,672Q240,690 190,668Q240,520 316,376Z";
  const bodice = "M330,248Q365,236 400,262Q435,236 470,248L482,352Q400,368 318,352Z";
  let pat = "";
  if (v === "dots")
    pat = `<pattern id="${p}pt" width="46" height="46" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="6" fill="${c.a}"/><circle cx="34" cy="34" r="6" fill="${c.a}"/></pattern>`;
  if (v === "floral")
    pat = `<pattern id="${p}pt" width="70" height="70" patternUnits="userSpaceOnUse"><g fill="${c.a}"><circle cx="18" cy="12" r="5"/><circle cx="25" cy="18" r="5"/><circle cx="22" cy="26" r="5"/><circle cx="13" cy="26" r="5"/><circle cx="11" cy="18" r="5"/></g><circle cx="18" cy="20" r="4" fill="${c.ad}"/><circle cx="52" cy="50" r="4" fill="${c.a}" opacity=".8"/><circle cx="48" cy="56" r="3" fill="${c.a}" opacity=".8"/></pattern>`;
  const over = pat
    ? `<path d="${bodice}" fill="url(#${p}pt)"/><path d="${skirt}" fill="url(#${p}pt)" opacity=".9"/>`
    : "";
  return {
    art:
      `<defs>${lg(p + "g", [c.d, [c.l, 0.42], [c.m, 0.7], c.dd])}${shade(p + "b", c)}${pat}</defs>` +
      hanger() +
      line("M345,178L336,252M455,178L464,252", c.d, 9) +
      `<g filter="url(#${p}f)"><path d="${bodice}" fill="url(#${p}b)"/>` +
      `<path d="${skirt}" fill="url(#${p}g)"/>${over}` +
      line("M364,392Q346,540 296,670M436,392Q454,540 504,670M400,394V674", c.dd, 6, 0.25) +
      line("M360,300Q362,330 356,350M440,300Q438,330 444,350", c.dd, 4, 0.25) +
      `<path d="M318,350Q400,366 482,350L485,380Q400,396 315,380Z" fill="${v === "plain" ? c.a : c.dd}"/>` +
      line("M320,356Q400,372 480,356", "#fff", 2, 0.3) +
      `</g>`,
    floor: null,
  };
};

T.blouse = (c, p) => {
  const sleeve = "M300,194Q228,204 206,282L186,432Q216,450 252,442L266,300Z";
  return {
    art:
      `<defs>${shade(p + "g", c)}${lg(p + "s", [c.l, c.d], 0, 0, 1, 1)}</defs>` +
      hanger() +
      `<g filter="url(#${p}f)"><path d="${sleeve}" fill="url(#${p}s)"/>` +
      mirror(`<path d="${sleeve}" fill="url(#${p}s)"/>`) +
      `<path d="M186,432Q216,450 252,442L250,474Q216,484 184,466Z" fill="${c.d}"/>` +
      mirror(`<path d="M186,432Q216,450 252,442L250,474Q216,484 184,466Z" fill="${c.d}"/>`) +
      `<path d="M300,192L360,182Q400,214 440,182L500,192Q540,220 536,300L530,620Q400,646 270,620L264,300Q260,220 300,192Z" fill="url(#${p}g)"/>` +
      `<path d="M360,182Q378,240 400,276Q422,240 440,182Q400,214 360,182Z" fill="${c.dd}"/>` +
      line("M330,330Q326,480 320,610M470,330Q474,480 480,610M236,300Q228,360 222,430", c.dd, 4, 0.2) +
      line("M282,560Q400,580 520,560", c.dd, 3, 0.2) +
      `<path d="M400,272L352,246L356,300ZM400,272L448,246L444,300Z" fill="${c.a}"/>` +
      `<path d="M394,278L374,372L392,368ZM406,278L426,372L408,368Z" fill="${c.ad}"/>` +
      `<circle cx="400" cy="273" r="13" fill="${c.a}"/><path d="M356,258l30,12M444,258l-30,12" stroke="${c.ad}" stroke-width="3" opacity=".5"/></g>`,
    floor: null,
  };
};

T.skirt = (c, p) => {
  const N = 9;
  let panels = "";
  let creases = "";
  const hy = (x) => 628 + 24 * (1 - ((x - 400) / 210) ** 2);
  for (let i = 0; i < N; i++) {
    const t0 = 294 + (i * 212) / N;
    const t1 = 294 + ((i + 1) * 212) / N;
    const b0 = 190 + (i * 420) / N;
    const b1 = 190 + ((i + 1) * 420) / N;
    const bm = (b0 + b1) / 2;
    panels += `<path d="M${n(t0)},252L${n(t1)},252L${n(b1)},${n(hy(b1))}L${n(bm)},${n(hy(bm) + 8)}L${n(b0)},${n(hy(b0))}Z" fill="${i % 2 ? c.d : c.m}"/>`;
    if (i) creases += `M${n(t0)},254L${n(b0)},${n(hy(b0))}`;
  }
  return {
    art:
      `<defs>${lg(p + "o", [
        [c.ll, 0, 0.35],
        [c.ll, 0.4, 0],
        [c.dd, 1, 0.4],
      ])}</defs>` +
      `<g filter="url(#${p}f)">${panels}` +
      `<path d="M294,252H506L610,${hy(610)}L190,${hy(190)}Z" fill="url(#${p}o)"/>` +
      line(creases, c.dd, 2, 0.35) +
      `<rect x="286" y="208" width="228" height="48" rx="10" fill="${c.d}"/>` +
      `<rect x="286" y="208" width="228" height="16" rx="8" fill="${c.l}" opacity=".25"/>` +
      stitch("M292,246H508", c.ll, 2) +
      `<rect x="330" y="204" width="12" height="56" rx="4" fill="${c.dd}"/><rect x="458" y="204" width="12" height="56" rx="4" fill="${c.dd}"/>` +
      `<circle cx="494" cy="232" r="9" fill="${c.a}"/><circle cx="494" cy="232" r="4" fill="${c.ad}"/></g>`,
  };
};

T.handbag = (c, p, v) => {
  const body =
    "M232,344H568Q588,344 592,364L622,602Q624,626 600,626H200Q176,626 178,602L208,364Q212,344 232,344Z";
  const quilt =
    v === "quilted"
      ? `<pattern id="${p}q" width="48" height="48" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0,0H48V48" fill="none" stroke="${c.l}" stroke-width="3" opacity=".5"/></pattern>`
      : "";
  return {
    art:
      `<defs>${shade(p + "g", c)}${lg(p + "m", [c.al, c.a, c.ad], 0, 0, 1, 1)}${quilt}</defs>` +
      `<path d="M296,352C296,196 504,196 504,352" fill="none" stroke="${c.dd}" stroke-width="26" stroke-linecap="round"/>` +
      `<path d="M296,352C296,204 504,204 504,352" fill="none" stroke="${c.m}" stroke-width="14" stroke-linecap="round"/>` +
      `<g filter="url(#${p}f)"><path d="${body}" fill="url(#${p}g)"/>` +
      (quilt ? `<path d="${body}" fill="url(#${p}q)"/>` : "") +
      stitch("M226,362H574L600,602H200Z", c.ll, 2) +
      `<path d="M214,344H586L576,456Q400,510 224,456Z" fill="${c.d}"/>` +
      `<path d="M214,344H586L583,372Q400,390 217,372Z" fill="${c.l}" opacity=".35"/>` +
      stitch("M234,446Q400,494 566,446", c.ll, 2) +
      `<rect x="366" y="452" width="68" height="52" rx="12" fill="url(#${p}m)"/><rect x="384" y="468" width="32" height="20" rx="6" fill="${c.ad}"/>` +
      `<rect x="280" y="328" width="32" height="30" rx="8" fill="url(#${p}m)"/><rect x="488" y="328" width="32" height="30" rx="8" fill="url(#${p}m)"/>` +
      `<path d="M214,560Q400,590 590,560L592,590Q400,622 210,590Z" fill="${c.dd}" opacity=".25"/></g>`,
    floor: [400, 640, 260, 26],
  };
};

T.watch = (c, p, v = "chrono") => {
  const chrono = v.startsWith("chrono");
  const bracelet = v.endsWith("bracelet");
  const R = chrono ? 150 : 122;
  const W = chrono ? 136 : 100;
  const s = bracelet ? c.metal : c.m;
  const sd = dk(s, 0.25);
  const top = `M${400 - W / 2},${400 - R + 30}L${400 - W * 0.42},78Q400,62 ${400 + W * 0.42},78L${400 + W / 2},${400 - R + 30}Z`;
  const bottom = `M${400 - W / 2},${400 + R - 30}L${400 - W * 0.42},716Q400,732 ${400 + W * 0.42},716L${400 + W / 2},${400 + R - 30}Z`;
  let strapDetail = "";
  if (bracelet) {
    for (let y = 96; y < 712; y += 30) {
      if (y > 400 - R && y < 400 + R) continue;
      const t =
        y < 400 ? (400 - R + 30 - y) / (400 - R + 30 - 78) : (y - (400 + R - 30)) / (716 - (400 + R - 30));
      const hw = W / 2 - (W / 2 - W * 0.42) * t - 2;
      strapDetail += `M${n(400 - hw)},${y}H${n(400 + hw)}`;
    }
    strapDetail =
      line(strapDetail, sd, 4) +
      line(
        `M${400 - W / 6},80V${400 - R}M${400 + W / 6},80V${400 - R}M${400 - W / 6},${400 + R}V716M${400 + W / 6},${400 + R}V716`,
        sd,
        3,
        0.6,
      );
  } else {
    strapDetail =
      stitch(
        `M${400 - W / 2 + 10},${400 - R + 10}L${400 - W * 0.42 + 10},92M${400 + W / 2 - 10},${400 - R + 10}L${400 + W * 0.42 - 10},92`,
        lt(s, 0.45),
        2,
      ) +
      [620, 652, 684]
        .map((y) => `<ellipse cx="400" cy="${y}" rx="7" ry="8" fill="${dk(s, 0.5)}"/>`)
        .join("") +
      `<rect x="${400 - W / 2 - 6}" y="${400 + R + 14}" width="${W + 12}" height="18" rx="6" fill="${sd}"/>` +
      `<rect x="${400 - W * 0.45}" y="84" width="${W * 0.9}" height="40" rx="10" fill="none" stroke="${c.metal}" stroke-width="8"/>`;
  }
  /** Radial segment at clock angle `deg`, from radius r0 to r1 (equal radii draw a dot). */
  const radial = (deg, r0, r1) => {
    const t = (deg * Math.PI) / 180;
    const [sx, sy] = [Math.sin(t), -Math.cos(t)];
    return `M${n(400 + sx * r0)},${n(400 + sy * r0)}L${n(400 + sx * r1)},${n(400 + sy * r1)}`;
  };
  let major = "";
  let minor = "";
  for (let i = 0; i < 12; i++) {
    if (i % 3 === 0) major += radial(i * 30, R - 36, R - (chrono ? 64 : 50));
    else minor += chrono ? radial(i * 30, R - 36, R - 52) : radial(i * 30, R - 36, R - 36);
  }
  const ink = chrono ? "#f3f4f6" : c.metal;
  const marks = line(major, ink, 8) + line(minor, ink, chrono ? 7 : 8);
  let ring = "";
  if (chrono) for (let i = 0; i < 60; i += 5) ring += radial(i * 6, R - 6, R - (i % 15 ? 14 : 18));
  else for (let i = 0; i < 24; i++) ring += radial(i * 15, R - 9, R - 9);
  const bezel = chrono ? `<path d="${ring}" stroke="#e5e7eb" stroke-width="4"/>` : line(ring, "#fff", 8);
  const dialInk = luma(c.a) > 0.6 ? "#2b2f38" : "#f4f4f5";
  const sub = (x, y) =>
    `<circle cx="${x}" cy="${y}" r="27" fill="${dk(c.a, 0.3)}" stroke="${lt(c.a, 0.35)}" stroke-width="2"/><path d="M${x},${y}l10,-18" stroke="${dialInk}" stroke-width="3" stroke-linecap="round"/>`;
  const hand = (len, w, a, col) =>
    `<path d="M-${w},14L0,-${len}L${w},14Z" fill="${col}" transform="translate(400 400) rotate(${a})"/>`;
  return {
    art:
      `<defs>${lg(p + "s", [lt(s, 0.25), [s, 0.45], dk(s, 0.3)])}${lg(p + "c", [lt(c.metal, 0.5), c.metal, dk(c.metal, 0.35)], 0, 0, 1, 1)}${rg(p + "d", [lt(c.a, 0.22), c.a, dk(c.a, 0.15)], 0.4, 0.35, 0.7)}</defs>` +
      `<g filter="url(#${p}f)"><path d="${top}" fill="url(#${p}s)"/><path d="${bottom}" fill="url(#${p}s)"/>${strapDetail}` +
      `<rect x="${400 - W / 2 - 4}" y="${400 - R - 6}" width="${W + 8}" height="${2 * R + 12}" rx="18" fill="url(#${p}c)"/>` +
      (chrono
        ? [-40, 40]
            .map(
              (a) =>
                `<rect x="${400 + R - 6}" y="389" width="24" height="22" rx="5" fill="url(#${p}c)" transform="rotate(${a} 400 400)"/>`,
            )
            .join("")
        : "") +
      `<rect x="${400 + R - 4}" y="386" width="24" height="28" rx="6" fill="url(#${p}c)"/>` +
      `<circle cx="400" cy="400" r="${R}" fill="url(#${p}c)"/>` +
      `<circle cx="400" cy="400" r="${R - 4}" fill="${chrono ? "#1e222b" : lt(c.metal, 0.3)}"/>${bezel}` +
      `<circle cx="400" cy="400" r="${R - 22}" fill="url(#${p}d)"/>${marks}` +
      (chrono
        ? sub(400, 340) + sub(340, 410) + sub(460, 410)
        : `<circle cx="400" cy="400" r="${R - 60}" fill="none" stroke="${c.metal}" stroke-width="1.5" opacity=".5"/>`) +
      hand(R * 0.5, chrono ? 9 : 6, -60, chrono ? "#f4f4f5" : dialInk) +
      hand(R * 0.75, chrono ? 7 : 5, 60, chrono ? "#f4f4f5" : dialInk) +
      `<path d="M-2,30L0,-${R - 30}L2,30Z" fill="${chrono ? "#f05a3c" : c.metal}" transform="translate(400 400) rotate(200)"/>` +
      `<circle cx="400" cy="400" r="11" fill="url(#${p}c)"/><circle cx="400" cy="400" r="4" fill="#333"/>` +
      `<path d="M${400 - R + 30},${400 - 20}A${R - 30},${R - 30} 0 0 1 ${400 + 20},${400 - R + 30}Q${400 - R * 0.35},${400 - R * 0.6} ${400 - R + 30},${400 - 20}Z" fill="#fff" opacity=".14"/></g>`,
    floor: [400, 742, 180, 20],
  };
};

const tshirtShape =
  "M318,176Q400,222 482,176L604,226L656,360L566,392L548,348L548,642Q400,658 252,642L252,348L234,392L144,360L196,226Z";
T.tshirt = (c, p, v) => {
  const pat =
    v === "stripes"
      ? `<pattern id="${p}pt" width="40" height="40" patternUnits="userSpaceOnUse"><rect y="14" width="40" height="14" fill="${c.a}"/></pattern>`
      : "";
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.d], 0, 0, 1, 1)}${pat}</defs>` +
      `<g filter="url(#${p}f)"><path d="${tshirtShape}" fill="url(#${p}g)"/>` +
      (pat ? `<path d="${tshirtShape}" fill="url(#${p}pt)" opacity=".92"/>` : "") +
      `<path d="M318,176Q400,222 482,176Q470,166 462,168Q400,204 338,168Q330,166 318,176Z" fill="${c.dd}"/>` +
      line("M318,176Q400,232 482,176", c.d, 12) +
      line("M324,180Q400,226 476,180", c.l, 3, 0.6) +
      line("M236,388L146,356M564,388L654,356", c.dd, 6, 0.4) +
      line("M252,350Q262,300 248,240M548,350Q538,300 552,240", c.dd, 3, 0.25) +
      line("M300,420Q330,520 310,620M500,460Q470,540 490,620", c.dd, 3, 0.15) +
      (v === "plain"
        ? `<path d="M440,280H500V336Q470,346 440,336Z" fill="${c.d}"/>` +
          stitch("M446,286H494V330Q470,338 446,330Z", c.a, 2)
        : "") +
      line("M256,626Q400,642 544,626", c.dd, 3, 0.3) +
      `</g>`,
    floor: [400, 690, 240, 24],
  };
};

T.hoodie = (c, p, v) => {
  const sleeve = "M244,262L198,278Q160,300 152,380L130,600L204,612L218,400L244,380Z";
  const cuff = "M128,596L206,608L203,646L124,636Z";
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.d], 0, 0, 1, 1)}</defs>` +
      `<g filter="url(#${p}f)"><path d="M304,236Q292,120 400,108Q508,120 496,236Z" fill="${c.d}"/>` +
      `<path d="${sleeve}" fill="url(#${p}g)"/>` +
      mirror(`<path d="${sleeve}" fill="${c.m}"/>`) +
      `<path d="${cuff}" fill="${c.dd}"/>` +
      mirror(`<path d="${cuff}" fill="${c.dd}"/>`) +
      `<path d="M290,232Q400,206 510,232L558,262L558,620H242L242,262Z" fill="url(#${p}g)"/>` +
      `<path d="M242,612H558V652Q400,664 242,652Z" fill="${c.dd}"/>` +
      line("M250,624H550M250,636H550", c.d, 2, 0.6) +
      `<path d="M300,230Q300,140 400,132Q500,140 500,230Q470,282 400,292Q330,282 300,230Z" fill="${c.m}"/>` +
      `<path d="M328,236Q330,164 400,158Q470,164 472,236Q446,268 400,272Q354,268 328,236Z" fill="${c.dd}"/>` +
      (v === "zip"
        ? line("M400,272V640", c.a, 8) +
          stitch("M400,276V640", c.dd, 3) +
          `<rect x="392" y="300" width="16" height="34" rx="5" fill="${c.a}"/>` +
          line("M290,470Q330,480 340,560M510,470Q470,480 460,560", c.dd, 5, 0.6)
        : `<path d="M300,480H500L530,594H270Z" fill="${c.d}"/>` +
          stitch("M306,490H494L518,584H282Z", c.l, 2) +
          line("M300,480L270,594M500,480L530,594", c.dd, 4, 0.5)) +
      line("M374,270L368,380M426,270L432,380", c.a, 7) +
      `<rect x="360" y="378" width="16" height="24" rx="5" fill="${c.ad}"/><rect x="424" y="378" width="16" height="24" rx="5" fill="${c.ad}"/>` +
      `</g>`,
    floor: [400, 690, 240, 24],
  };
};

T.jacket = (c, p) => {
  const sleeve = "M250,250L200,272Q162,296 156,380L138,604L208,614L220,400L250,386Z";
  const a = c.a;
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.d], 0, 0, 1, 1)}</defs>` +
      `<g filter="url(#${p}f)"><path d="${sleeve}" fill="url(#${p}g)"/>` +
      mirror(`<path d="${sleeve}" fill="${c.m}"/>`) +
      `<path d="M136,600L210,610L206,650L132,640Z" fill="${c.d}"/>` +
      mirror(`<path d="M136,600L210,610L206,650L132,640Z" fill="${c.d}"/>`) +
      `<path d="M310,216Q400,236 490,216L552,250L554,610H246L248,250Z" fill="url(#${p}g)"/>` +
      `<path d="M332,222Q400,250 468,222L456,214Q400,236 344,214Z" fill="${c.dd}"/>` +
      `<path d="M310,216L352,222L400,300L356,330Z" fill="${c.d}"/><path d="M490,216L448,222L400,300L444,330Z" fill="${c.d}"/>` +
      stitch("M314,226L352,232L392,298L358,318", a, 2) +
      stitch("M486,226L448,232L408,298L442,318", a, 2) +
      `<path d="M246,580H554V640H246Z" fill="${c.d}"/>` +
      stitch("M250,588H550M250,632H550", a, 2) +
      line("M400,300V640", c.dd, 4) +
      stitch("M410,304V580", a, 2) +
      [340, 410, 480, 560, 610]
        .map(
          (y) =>
            `<circle cx="418" cy="${y}" r="9" fill="${a}"/><circle cx="418" cy="${y}" r="4" fill="${dk(a, 0.4)}"/>`,
        )
        .join("") +
      `<path d="M282,360H364V398L323,410L282,398Z" fill="${c.d}"/><path d="M436,360H518V398L477,410L436,398Z" fill="${c.d}"/>` +
      stitch("M288,366H358V392L323,402L288,392", a, 2) +
      stitch("M442,366H512V392L477,402L442,392", a, 2) +
      stitch("M300,460Q310,520 286,580M500,460Q490,520 514,580", a, 2) +
      line("M250,258Q246,300 256,360", c.dd, 3, 0.3) +
      `</g>`,
    floor: [400, 690, 240, 24],
  };
};

T.shirt = (c, p, v) => {
  let pat = "";
  if (v === "check")
    pat = `<pattern id="${p}pt" width="72" height="72" patternUnits="userSpaceOnUse"><rect width="36" height="72" fill="${c.a}" opacity=".5"/><rect width="72" height="36" fill="${c.a}" opacity=".5"/><path d="M54,0V72M0,54H72" stroke="${c.a}" stroke-width="3" opacity=".5"/></pattern>`;
  const sleeve = "M300,194Q250,204 232,260L194,600L250,612L286,330Z";
  const body =
    "M300,192L360,184L440,184L500,192Q550,206 548,290L540,636Q400,660 260,636L252,290Q250,206 300,192Z";
  const fill = (d, g) =>
    `<path d="${d}" fill="url(#${p}${g})"/>` + (pat ? `<path d="${d}" fill="url(#${p}pt)"/>` : "");
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.d], 0, 0, 1, 1)}${lg(p + "h", [c.m, c.d])}${pat}</defs>` +
      hanger() +
      `<g filter="url(#${p}f)">${fill(sleeve, "g")}${mirror(fill(sleeve, "h"))}` +
      `<path d="M192,596L252,608L248,642L188,632Z" fill="${c.d}"/>` +
      mirror(`<path d="M192,596L252,608L248,642L188,632Z" fill="${c.d}"/>`) +
      `${fill(body, "g")}` +
      `<path d="M356,182Q400,196 444,182L440,206Q400,218 360,206Z" fill="${c.dd}"/>` +
      `<path d="M356,180L400,212L372,262L340,200Z" fill="${c.ll}"/><path d="M444,180L400,212L428,262L460,200Z" fill="${c.l}"/>` +
      line("M356,180L400,212L372,262L340,200ZM444,180L400,212L428,262L460,200Z", c.d, 3, 0.6) +
      `<rect x="388" y="212" width="24" height="430" fill="${c.d}" opacity=".25"/>` +
      [250, 320, 390, 460, 530, 600]
        .map((y) => `<circle cx="400" cy="${y}" r="6" fill="${c.ll}" stroke="${c.dd}" stroke-width="1.5"/>`)
        .join("") +
      `<path d="M300,300H360V366L330,376L300,366Z" fill="${c.d}" opacity=".35"/>` +
      line("M300,300H360", c.dd, 3, 0.5) +
      line("M262,560Q270,600 262,630M538,560Q530,600 538,630", c.dd, 3, 0.3) +
      `</g>`,
    floor: null,
  };
};

T.trousers = (c, p) => ({
  art:
    `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.d], 0, 0, 1, 1)}</defs>` +
    `<g filter="url(#${p}f)"><path d="M290,206H510L536,646H422L400,346L378,646H264Z" fill="url(#${p}g)"/>` +
    `<rect x="284" y="166" width="232" height="44" rx="8" fill="${c.d}"/>` +
    [310, 366, 434, 490]
      .map((x) => `<rect x="${x - 6}" y="160" width="12" height="54" rx="4" fill="${c.dd}"/>`)
      .join("") +
    `<circle cx="400" cy="188" r="8" fill="${c.a}"/>` +
    line("M400,210V330Q396,342 382,340", c.dd, 4, 0.6) +
    line("M296,214Q336,232 350,270M504,214Q464,232 450,270", c.dd, 4, 0.55) +
    line("M330,300L322,640M470,300L478,640", c.l, 4, 0.45) +
    `<path d="M264,614H378L378,646H264ZM422,614H536L536,646H422Z" fill="${c.d}"/>` +
    stitch("M268,620H374M426,620H532", c.ll, 2) +
    `</g>`,
  floor: [400, 676, 220, 22],
});

/** Laces crossing a side-view lace line from (x0,y0) to (x1,y1). */
function laces(x0, y0, x1, y1, count, col, edge) {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const [x, y] = [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
    d += `M${n(x + uy * 15 - ux * 6)},${n(y - ux * 15 - uy * 6)}L${n(x - uy * 16 + ux * 6)},${n(y + ux * 16 + uy * 6)}`;
  }
  return line(d, edge, 13) + line(d, col, 8);
}

T.sneaker = (c, p) => {
  const pale = luma(c.m) > 0.85;
  const upper =
    "M176,540L172,404Q170,344 216,338Q252,336 270,358Q292,386 328,376L356,326Q372,310 390,320L404,356L540,446Q604,458 640,480Q670,500 670,540Z";
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.55], c.d], 0, 0, 0.3, 1)}${lg(p + "s", ["#ffffff", "#dfe3ea"], 0, 0, 0, 1)}</defs>` +
      `<g filter="url(#${p}f)"><path d="${upper}" fill="url(#${p}g)"/>` +
      `<path d="M600,462Q652,478 666,512Q670,526 670,540H590Q582,500 600,462Z" fill="${c.dd}" opacity=".18"/>` +
      [0, 1, 2]
        .map((i) => `<circle cx="${618 + i * 14}" cy="${494 + i * 8}" r="3" fill="${c.dd}" opacity=".5"/>`)
        .join("") +
      `<path d="M174,540L173,430Q240,436 262,540Z" fill="${c.a}"/>` +
      `<path d="M262,514Q420,516 560,456L574,466Q440,556 252,540Z" fill="${c.a}"/>` +
      `<path d="M356,326L372,308Q390,300 398,316L404,356L392,352Z" fill="${c.d}"/>` +
      `<path d="M400,350L542,446L530,468L388,378Z" fill="${pale ? c.a : c.d}"/>` +
      line("M200,340Q252,336 272,360Q294,388 330,378", c.dd, 9) +
      laces(404, 356, 540, 446, 5, "#ffffff", c.dd) +
      `<path d="M166,330Q158,338 160,354L164,398L176,394L174,334Z" fill="${c.a}"/>` +
      stitch("M190,440Q206,500 196,528", c.dd, 2) +
      `<path d="M150,538H682Q694,560 680,588H168Q146,586 148,562Z" fill="url(#${p}s)"/>` +
      line("M172,566H664", "#c5cbd4", 3) +
      `<path d="M160,588H680Q676,606 660,606H178Q160,604 160,588Z" fill="${c.dd}"/></g>`,
    floor: [412, 612, 290, 26],
    dy: -40,
  };
};

T.runner = (c, p) => {
  const upper =
    "M190,522L184,404Q182,354 226,348Q262,348 282,372Q300,394 336,386L362,338Q378,322 396,334L410,370L540,444Q620,458 654,488Q674,506 668,522Z";
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.55], c.d], 0, 0, 0.3, 1)}${lg(p + "s", ["#ffffff", [lt(c.a, 0.8), 0.6], lt(c.a, 0.55)], 0, 0, 0, 1)}` +
      `<pattern id="${p}mesh" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="2.6" fill="${c.dd}" opacity=".35"/></pattern></defs>` +
      `<g filter="url(#${p}f)"><path d="${upper}" fill="url(#${p}g)"/><path d="${upper}" fill="url(#${p}mesh)"/>` +
      `<path d="M576,456Q640,472 660,498Q672,512 668,522H566Q556,490 576,456Z" fill="${c.d}"/>` +
      `<path d="M184,420Q250,430 270,522H188Z" fill="${c.a}"/>` +
      `<path d="M246,500Q380,486 548,436L562,446Q400,540 240,524Z" fill="${c.a}"/>` +
      `<path d="M246,500Q380,486 548,436L550,442Q390,500 250,510Z" fill="#fff" opacity=".5"/>` +
      `<path d="M362,338L380,322Q394,316 400,330L410,370L396,368Z" fill="${c.dd}"/>` +
      `<path d="M406,364L542,444L532,464L396,388Z" fill="${c.dd}"/>` +
      line("M204,350Q262,346 284,374Q304,398 338,388", c.dd, 9) +
      laces(410, 370, 540, 444, 5, "#ffffff", c.dd) +
      `<rect x="176" y="366" width="12" height="48" rx="5" fill="#f8fafc" opacity=".9"/>` +
      `<path d="M160,520H676Q690,540 672,566Q600,584 520,582Q400,578 330,590Q230,604 180,592Q150,580 160,520Z" fill="url(#${p}s)"/>` +
      line("M176,552Q260,556 330,548Q430,536 520,548Q600,556 660,540", c.a, 4, 0.7) +
      `<path d="M180,592Q230,604 330,590Q400,578 520,582Q600,584 672,566L668,580Q600,600 520,596Q400,592 330,606Q230,622 176,606Z" fill="${c.ad}"/></g>`,
    floor: [420, 616, 280, 26],
    dy: -45,
  };
};

T.boot = (c, p, v) => {
  const body =
    "M238,592L246,196Q248,176 270,176H398Q418,176 420,196L424,372Q436,426 512,446Q620,466 656,520Q672,548 666,592Z";
  let extra = "";
  if (v === "chelsea") {
    extra =
      `<path d="M296,196H372Q352,320 344,404Q330,424 314,404Q302,320 296,196Z" fill="${c.a}"/>` +
      line("M314,206L322,398M334,206L332,404M354,206L340,390", dk(c.a, 0.4), 3, 0.7) +
      `<path d="M250,178L252,128Q262,116 276,128L276,178Z" fill="${c.d}"/>` +
      stitch("M258,140V176", c.ll, 2);
  } else {
    extra =
      `<path d="M372,178H420L424,372Q412,390 392,394Z" fill="${c.d}"/>` +
      line(
        "M380,214L420,234M382,254L422,274M384,294L422,314M388,334L424,352M380,214L420,194M382,254L420,234M384,294L422,274M388,334L422,314",
        c.ad,
        6,
      ) +
      [196, 234, 274, 314, 352]
        .map(
          (y) =>
            `<circle cx="421" cy="${y}" r="7" fill="${c.metal}" stroke="${dk(c.metal, 0.4)}" stroke-width="2"/>`,
        )
        .join("") +
      `<path d="M246,176H420V212H246Z" fill="${c.a}"/>` +
      stitch("M250,206H416", c.ll, 2);
  }
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.dd], 0, 0, 0.4, 1)}</defs>` +
      `<g filter="url(#${p}f)"><path d="${body}" fill="url(#${p}g)"/>` +
      `<path d="M246,176H420V196H246Z" fill="${c.dd}" opacity=".5"/>` +
      extra +
      `<path d="M540,462Q628,476 652,520Q662,540 660,560Q610,492 540,462Z" fill="#fff" opacity=".22"/>` +
      stitch("M516,446Q490,520 520,588M248,468Q310,478 330,588", c.ll, 2) +
      line("M424,380Q440,420 470,430M410,410Q420,440 444,446", c.dd, 3, 0.5) +
      `<path d="M230,590H672Q678,612 660,618H230Z" fill="${c.ad}"/>` +
      stitch("M240,598H660", lt(c.ad, 0.4), 2) +
      `<path d="M236,618H352L348,652H240Z" fill="${dk(c.ad, 0.2)}"/>` +
      line("M352,618H660", dk(c.ad, 0.4), 4) +
      `</g>`,
    floor: [430, 656, 270, 24],
    dy: -10,
  };
};

T.heel = (c, p) => ({
  art:
    `<defs>${lg(p + "g", [c.l, [c.m, 0.45], c.dd], 0, 0, 0.5, 1)}${lg(p + "h", [c.a, dk(c.a, 0.3)])}</defs>` +
    `<g filter="url(#${p}f)"><path d="M250,486Q292,494 306,506L288,642H270Q262,560 250,486Z" fill="url(#${p}h)"/>` +
    `<rect x="266" y="638" width="26" height="12" rx="3" fill="#1f2937"/>` +
    `<path d="M242,336Q256,326 270,344Q330,452 470,486Q560,508 630,540Q672,560 666,586Q660,602 630,602H530Q420,600 350,548Q300,508 252,492Q236,470 242,336Z" fill="url(#${p}g)"/>` +
    `<path d="M270,344Q330,452 470,486Q380,474 322,436Q286,410 272,384Z" fill="${c.a}"/>` +
    `<path d="M500,506Q600,522 640,556Q600,540 500,516Z" fill="#fff" opacity=".55"/>` +
    `<path d="M252,360Q250,420 258,470" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" opacity=".35"/>` +
    line("M304,508Q420,600 530,602H630", c.ad, 6) +
    `</g>`,
  floor: [450, 650, 250, 22],
  dy: -60,
});

T.sandal = (c, p) => {
  const sole =
    "M0,-230C60,-230 95,-190 95,-120C95,-60 70,-20 68,40C66,110 85,160 70,200C55,236 -55,236 -68,200C-82,160 -60,110 -62,40C-64,-20 -95,-60 -92,-120C-90,-190 -60,-230 0,-230Z";
  const one =
    `<path d="${sole}" fill="${c.dd}" transform="translate(0 14)"/>` +
    `<path d="${sole}" fill="url(#${p}cork)"/>` +
    `<path d="${sole}" fill="none" stroke="${c.d}" stroke-width="6" transform="scale(.92)" opacity=".5"/>` +
    `<path d="M-108,-128Q0,-168 108,-128L108,-78Q0,-118 -108,-78Z" fill="url(#${p}g)"/>` +
    stitch("M-100,-122Q0,-158 100,-122M-100,-88Q0,-124 100,-88", c.ll, 2) +
    `<path d="M-90,6Q0,-30 90,6L90,62Q0,26 -90,62Z" fill="url(#${p}g)"/>` +
    `<rect x="58" y="0" width="34" height="50" rx="6" fill="none" stroke="${c.metal}" stroke-width="7"/>` +
    line("M75,6V44", c.metal, 5);
  return {
    art:
      `<defs>${lg(p + "g", [c.l, c.m, c.d])}${lg(p + "cork", [lt(c.a, 0.2), c.a, dk(c.a, 0.1)], 0, 0, 1, 1)}</defs>` +
      `<g filter="url(#${p}f)"><g transform="translate(300 392) rotate(-9)">${one}</g>` +
      `<g transform="translate(500 408) rotate(9) scale(-1 1)">${one}</g></g>`,
    floor: [400, 660, 240, 22],
  };
};

T.loafer = (c, p) => ({
  art:
    `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.dd], 0, 0, 0.4, 1)}</defs>` +
    `<g filter="url(#${p}f)"><path d="M208,432Q270,414 340,418Q384,412 420,410Q380,432 338,448Q270,444 208,432Z" fill="${dk(c.m, 0.6)}"/>` +
    `<path d="M184,560L180,462Q180,432 208,430Q270,444 338,448Q380,430 420,410Q480,396 540,416Q620,444 654,498Q672,530 660,560Z" fill="url(#${p}g)"/>` +
    line("M426,438Q500,430 556,448Q610,468 636,502", c.dd, 5, 0.55) +
    stitch("M424,428Q500,418 560,436Q616,456 644,494", c.ll, 2) +
    `<path d="M410,418Q454,404 500,408L508,452Q462,450 418,462Z" fill="${c.d}"/>` +
    line("M412,420Q454,406 500,410", c.l, 3, 0.6) +
    `<ellipse cx="459" cy="432" rx="20" ry="7" fill="${dk(c.m, 0.65)}" transform="rotate(-5 459 432)"/>` +
    `<path d="M556,428Q628,456 650,508Q640,478 556,428Z" fill="#fff" opacity=".35"/>` +
    line("M190,466Q214,462 236,450", c.ll, 3, 0.35) +
    stitch("M192,542Q400,548 652,540", c.ll, 2) +
    `<path d="M172,560H666Q670,578 652,582H178Z" fill="${c.a}"/>` +
    `<path d="M182,582H294L292,606H186Z" fill="${dk(c.a, 0.25)}"/></g>`,
  floor: [420, 612, 260, 22],
  dy: -90,
});

T.headphones = (c, p) => {
  const cup =
    `<rect x="208" y="392" width="28" height="70" rx="10" fill="${c.metal}"/>` +
    `<ellipse cx="268" cy="522" rx="42" ry="104" fill="${c.dd}"/>` +
    `<ellipse cx="232" cy="522" rx="84" ry="114" fill="url(#${p}g)"/>` +
    `<ellipse cx="222" cy="522" rx="60" ry="88" fill="${c.d}"/>` +
    `<ellipse cx="222" cy="522" rx="60" ry="88" fill="none" stroke="${c.a}" stroke-width="6"/>` +
    `<path d="M196,450Q214,430 236,436" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" opacity=".35"/>`;
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.5], c.dd], 0, 0, 1, 1)}</defs>` +
      `<g filter="url(#${p}f)">` +
      line("M222,420Q212,160 400,150Q588,160 578,420", c.dd, 36) +
      line("M222,420Q212,160 400,150Q588,160 578,420", c.m, 20) +
      line("M282,234Q400,166 518,234", c.a, 44) +
      line("M300,222Q400,176 500,222", lt(c.a, 0.4), 8, 0.7) +
      cup +
      mirror(cup) +
      `</g>`,
    floor: [400, 690, 260, 26],
  };
};

T.smartwatch = (c, p) => {
  const ring = (r, col, frac, w) =>
    `<circle cx="400" cy="392" r="${r}" fill="none" stroke="${col}" stroke-width="${w}" opacity=".25"/>` +
    `<circle cx="400" cy="392" r="${r}" fill="none" stroke="${col}" stroke-width="${w}" stroke-linecap="round" stroke-dasharray="${n(2 * Math.PI * r * frac)} 999" transform="rotate(-90 400 392)"/>`;
  return {
    art:
      `<defs>${lg(p + "s", [c.l, [c.m, 0.5], c.d])}${lg(p + "c", [lt(c.metal, 0.5), c.metal, dk(c.metal, 0.4)], 0, 0, 1, 1)}${rg(p + "sc", ["#1c2230", "#07090d"], 0.4, 0.3, 0.8)}</defs>` +
      `<g filter="url(#${p}f)"><path d="M332,280L340,100Q342,84 358,84H442Q458,84 460,100L468,280Z" fill="url(#${p}s)"/>` +
      `<path d="M332,520L340,706Q342,722 358,722H442Q458,722 460,706L468,520Z" fill="url(#${p}s)"/>` +
      [610, 644, 678].map((y) => `<circle cx="400" cy="${y}" r="7" fill="${c.dd}"/>`).join("") +
      `<rect x="388" y="540" width="24" height="40" rx="8" fill="${c.d}"/>` +
      `<rect x="500" y="330" width="24" height="56" rx="8" fill="url(#${p}c)"/><rect x="502" y="404" width="14" height="64" rx="5" fill="url(#${p}c)"/>` +
      `<rect x="284" y="244" width="232" height="312" rx="70" fill="url(#${p}c)"/>` +
      `<rect x="298" y="258" width="204" height="284" rx="58" fill="url(#${p}sc)"/>` +
      ring(74, c.a, 0.78, 18) +
      ring(50, c.m === "#262b35" ? "#fb5a7a" : "#fbbf24", 0.62, 18) +
      ring(26, "#a78bfa", 0.9, 16) +
      `<rect x="360" y="484" width="80" height="10" rx="5" fill="#e5e7eb" opacity=".8"/><rect x="376" y="290" width="48" height="8" rx="4" fill="#9ca3af"/>` +
      `<path d="M312,300Q316,270 352,264L420,264Q340,300 312,400Z" fill="#fff" opacity=".08"/></g>`,
    floor: [400, 742, 150, 18],
  };
};

T.phone = (c, p) => {
  let icons = "";
  const cols = ["#f87171", "#fbbf24", "#34d399", "#60a5fa", "#a78bfa", "#f472b6", "#fff", "#2dd4bf"];
  for (let i = 0; i < 8; i++)
    icons += `<rect x="${250 + (i % 4) * 50}" y="${238 + Math.floor(i / 4) * 54}" width="34" height="34" rx="10" fill="${cols[i]}" opacity=".9"/>`;
  return {
    art:
      `<defs>${lg(p + "b", [c.l, [c.m, 0.5], c.d], 0, 0, 1, 1)}${lg(p + "w", [lt(c.a, 0.2), c.a, c.dd], 0, 0, 0.6, 1)}</defs>` +
      `<g filter="url(#${p}f)"><g transform="rotate(12 520 400)"><rect x="400" y="150" width="250" height="500" rx="44" fill="url(#${p}b)"/>` +
      `<rect x="422" y="172" width="108" height="150" rx="28" fill="${c.dd}" opacity=".55"/>` +
      [
        [452, 206],
        [500, 206],
        [452, 260],
      ]
        .map(
          ([x, y]) =>
            `<circle cx="${x}" cy="${y}" r="20" fill="#111827"/><circle cx="${x}" cy="${y}" r="12" fill="#243047"/><circle cx="${x - 4}" cy="${y - 4}" r="4" fill="#fff" opacity=".5"/>`,
        )
        .join("") +
      `<circle cx="500" cy="260" r="8" fill="#fde68a"/><circle cx="525" cy="480" r="20" fill="#fff" opacity=".2"/></g>` +
      `<g transform="rotate(-8 340 420)"><rect x="218" y="170" width="252" height="504" rx="44" fill="#14161c"/>` +
      `<rect x="230" y="182" width="228" height="480" rx="34" fill="url(#${p}w)"/>` +
      `<path d="M230,470Q300,420 360,470T458,460V630Q458,662 424,662H264Q230,662 230,630Z" fill="#fff" opacity=".14"/>` +
      `<path d="M230,540Q320,490 400,540T458,530V630Q458,662 424,662H264Q230,662 230,630Z" fill="#fff" opacity=".14"/>` +
      icons +
      `<rect x="250" y="590" width="188" height="50" rx="18" fill="#fff" opacity=".25"/>` +
      `<circle cx="344" cy="200" r="7" fill="#000"/><rect x="470" y="260" width="6" height="60" rx="3" fill="#2a2d35"/>` +
      `<path d="M236,188H320L236,360Z" fill="#fff" opacity=".08"/></g></g>`,
    floor: [400, 690, 230, 22],
  };
};

T.earbuds = (c, p) => {
  const bud =
    `<g transform="rotate(-18 300 280)"><rect x="282" y="270" width="38" height="150" rx="19" fill="url(#${p}g)"/>` +
    `<circle cx="300" cy="266" r="52" fill="url(#${p}g)"/>` +
    `<ellipse cx="258" cy="262" rx="20" ry="30" fill="${dk(c.m, 0.35)}"/>` +
    `<ellipse cx="300" cy="404" rx="10" ry="6" fill="#9ca3af"/><circle cx="316" cy="246" r="10" fill="#1f2937" opacity=".6"/></g>`;
  return {
    art:
      `<defs>${lg(p + "g", ["#ffffff", [c.m, 0.5], dk(c.m, 0.18)], 0, 0, 1, 1)}</defs>` +
      `<g filter="url(#${p}f)"><rect x="236" y="430" width="328" height="220" rx="104" fill="url(#${p}g)"/>` +
      line("M240,504H560", dk(c.m, 0.25), 4) +
      `<circle cx="400" cy="560" r="7" fill="${c.a}"/><circle cx="400" cy="560" r="14" fill="${c.a}" opacity=".25"/>` +
      `<path d="M270,470Q300,446 350,444" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>` +
      bud +
      mirror(bud) +
      `</g>`,
    floor: [400, 666, 210, 22],
  };
};

T.speaker = (c, p) => ({
  art:
    `<defs>${lg(p + "g", [c.l, [c.m, 0.45], c.dd], 0, 0, 0, 1)}` +
    `<pattern id="${p}gr" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="3.2" fill="${c.dd}" opacity=".55"/></pattern>` +
    `<clipPath id="${p}k"><rect x="166" y="340" width="468" height="240" rx="120"/></clipPath></defs>` +
    `<g filter="url(#${p}f)">` +
    line("M594,392Q680,392 680,460Q680,528 594,528", c.a, 14) +
    `<rect x="166" y="340" width="468" height="240" rx="120" fill="url(#${p}g)"/>` +
    `<rect x="236" y="340" width="328" height="240" fill="url(#${p}gr)"/>` +
    `<g clip-path="url(#${p}k)"><rect x="166" y="340" width="70" height="240" fill="${c.a}"/><rect x="564" y="340" width="70" height="240" fill="${c.a}"/>` +
    `<rect x="166" y="340" width="468" height="60" fill="#fff" opacity=".18"/></g>` +
    `<rect x="346" y="326" width="108" height="22" rx="11" fill="${c.a}"/>` +
    line("M366,337H380M420,337H434M427,330V344", c.l, 4) +
    `<rect x="372" y="452" width="56" height="16" rx="8" fill="${c.a}"/>` +
    `<rect x="226" y="574" width="60" height="14" rx="6" fill="${c.a}"/><rect x="514" y="574" width="60" height="14" rx="6" fill="${c.a}"/></g>`,
  floor: [400, 600, 260, 22],
  dy: -50,
});

T.smartspeaker = (c, p) => ({
  art:
    `<defs>${lg(p + "g", [c.d, [c.ll, 0.35], [c.m, 0.6], c.dd])}` +
    `<pattern id="${p}gr" width="12" height="12" patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.4" fill="${c.dd}" opacity=".4"/></pattern>` +
    `${rg(p + "t", [lt(c.m, 0.5), c.m])}</defs>` +
    `<g filter="url(#${p}f)"><path d="M276,250V600Q276,640 400,640Q524,640 524,600V250Z" fill="url(#${p}g)"/>` +
    `<path d="M276,250V600Q276,640 400,640Q524,640 524,600V250Z" fill="url(#${p}gr)"/>` +
    `<path d="M276,590Q276,640 400,640Q524,640 524,590V604Q524,652 400,652Q276,652 276,604Z" fill="${c.dd}"/>` +
    `<ellipse cx="400" cy="250" rx="124" ry="30" fill="url(#${p}t)"/>` +
    `<ellipse cx="400" cy="250" rx="100" ry="22" fill="none" stroke="${c.a}" stroke-width="8"/>` +
    `<ellipse cx="400" cy="250" rx="100" ry="22" fill="none" stroke="${c.a}" stroke-width="22" opacity=".2"/>` +
    [-40, 0, 40].map((x) => `<circle cx="${400 + x}" cy="250" r="5" fill="${c.dd}"/>`).join("") +
    `<path d="M300,280Q300,500 312,610" stroke="#fff" stroke-width="12" fill="none" opacity=".18" stroke-linecap="round"/></g>`,
  floor: [400, 652, 200, 22],
  dy: -30,
});

T.camera = (c, p) => ({
  art:
    `<defs>${lg(p + "m", [lt(c.metal, 0.5), c.metal, dk(c.metal, 0.3)], 0, 0, 0, 1)}${rg(p + "l", ["#5f6fd6", "#29306b", "#0c0f1d"], 0.38, 0.35, 0.7)}` +
    `<pattern id="${p}tx" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0,5H10M5,0V10" stroke="#000" stroke-width="1.4" opacity=".25"/></pattern></defs>` +
    `<g filter="url(#${p}f)"><rect x="500" y="262" width="62" height="30" rx="8" fill="url(#${p}m)"/><rect x="514" y="248" width="34" height="22" rx="8" fill="${c.a}"/>` +
    `<rect x="230" y="270" width="70" height="24" rx="6" fill="url(#${p}m)"/>` +
    `<path d="M330,300L350,232Q354,222 366,222H454Q466,222 470,232L490,300Z" fill="url(#${p}m)"/>` +
    `<rect x="376" y="244" width="68" height="30" rx="6" fill="#1f2430"/>` +
    `<rect x="170" y="290" width="460" height="290" rx="38" fill="url(#${p}m)"/>` +
    `<rect x="170" y="350" width="460" height="196" fill="${c.m}"/><rect x="170" y="350" width="460" height="196" fill="url(#${p}tx)"/>` +
    `<rect x="170" y="330" width="86" height="230" rx="30" fill="${dk(c.m, 0.25)}"/>` +
    `<circle cx="590" cy="320" r="10" fill="${c.a}"/>` +
    `<circle cx="420" cy="452" r="140" fill="url(#${p}m)"/>` +
    `<circle cx="420" cy="452" r="124" fill="#23262e"/>` +
    `<circle cx="420" cy="452" r="124" fill="none" stroke="#3a3f4b" stroke-width="10" stroke-dasharray="4 8"/>` +
    `<circle cx="420" cy="452" r="98" fill="#0e1016"/>` +
    `<circle cx="420" cy="452" r="80" fill="url(#${p}l)"/>` +
    `<circle cx="420" cy="452" r="40" fill="#0b0d18" opacity=".7"/>` +
    `<ellipse cx="388" cy="420" rx="22" ry="14" fill="#fff" opacity=".45" transform="rotate(-35 388 420)"/>` +
    `<circle cx="455" cy="486" r="7" fill="#fff" opacity=".3"/>` +
    `<path d="M180,300Q190,292 220,292H580Q610,292 620,300" stroke="#fff" stroke-width="4" fill="none" opacity=".6"/></g>`,
  floor: [400, 600, 280, 24],
});

T.laptop = (c, p) => {
  let keys = "";
  for (let r = 0; r < 4; r++) {
    const y = 493 + r * 14;
    const t = (y - 482) / 63;
    const x0 = 222 - 42 * t + 10;
    const x1 = 578 + 42 * t - 10;
    const k = (x1 - x0) / 14;
    keys += `<path d="M${n(x0)},${y}H${n(x1)}" stroke="#2a2e37" stroke-width="${n(9 + t * 3)}" stroke-dasharray="${n(k * 0.78)} ${n(k * 0.22)}"/>`;
  }
  return {
    art:
      `<defs>${lg(p + "m", [lt(c.m, 0.5), c.m, dk(c.m, 0.25)], 0, 0, 0, 1)}${lg(p + "w", [lt(c.a, 0.3), c.a, dk(c.a, 0.45)], 0, 0, 1, 1)}</defs>` +
      `<g filter="url(#${p}f)"><rect x="186" y="166" width="428" height="300" rx="20" fill="url(#${p}m)"/>` +
      `<rect x="196" y="176" width="408" height="280" rx="12" fill="#111318"/>` +
      `<rect x="208" y="190" width="384" height="252" rx="4" fill="url(#${p}w)"/>` +
      `<path d="M208,360Q300,300 400,350T592,320V442H208Z" fill="#fff" opacity=".16"/>` +
      `<path d="M208,400Q320,350 420,392T592,380V442H208Z" fill="#fff" opacity=".16"/>` +
      `<circle cx="520" cy="250" r="30" fill="#fff" opacity=".25"/><circle cx="400" cy="183" r="3" fill="#4b5563"/>` +
      `<path d="M208,190H330L208,330Z" fill="#fff" opacity=".07"/>` +
      `<path d="M186,466H614L706,590Q708,606 692,606H108Q92,606 94,590Z" fill="url(#${p}m)"/>` +
      `<path d="M222,482H578L620,545H180Z" fill="#3b404b"/>${keys}` +
      `<path d="M346,556H454L462,594H338Z" fill="${lt(c.m, 0.25)}" stroke="${dk(c.m, 0.15)}" stroke-width="2"/>` +
      `<path d="M94,596H706V606Q706,616 692,616H108Q94,616 94,606Z" fill="${dk(c.m, 0.3)}"/>` +
      `<rect x="360" y="596" width="80" height="8" rx="4" fill="${dk(c.m, 0.45)}"/></g>`,
    floor: [400, 626, 330, 24],
  };
};

T.controller = (c, p) => {
  const face = [
    [540, 384, "#34d399"],
    [580, 424, c.a],
    [540, 464, "#60a5fa"],
    [500, 424, "#fbbf24"],
  ];
  const stick = (x, y) =>
    `<circle cx="${x}" cy="${y}" r="42" fill="${c.dd}"/><circle cx="${x}" cy="${y}" r="32" fill="#2a2e38"/><circle cx="${x}" cy="${y}" r="24" fill="#3b404c"/><circle cx="${x - 7}" cy="${y - 8}" r="7" fill="#fff" opacity=".15"/>`;
  return {
    art:
      `<defs>${lg(p + "g", [c.l, [c.m, 0.45], c.dd], 0, 0, 0, 1)}</defs>` +
      `<g filter="url(#${p}f)"><path d="M200,330Q250,292 320,306L330,330H200ZM600,330Q550,292 480,306L470,330H600Z" fill="${c.dd}"/>` +
      `<path d="M250,322Q400,298 550,322Q640,336 666,430Q694,540 662,596Q630,640 588,608Q556,578 528,534H272Q244,578 212,608Q170,640 138,596Q106,540 134,430Q160,336 250,322Z" fill="url(#${p}g)"/>` +
      `<path d="M250,336Q400,314 550,336Q610,346 640,400Q560,350 400,346Q240,350 160,400Q190,346 250,336Z" fill="#fff" opacity=".12"/>` +
      `<path d="M254,384h32v28h28v32h-28v28h-32v-28h-28v-32h28Z" fill="#1f232b"/>` +
      `<path d="M260,392h20v20h-20Z" fill="#fff" opacity=".1"/>` +
      face
        .map(
          ([x, y, col]) =>
            `<circle cx="${x}" cy="${y}" r="19" fill="${col}"/><circle cx="${x - 5}" cy="${y - 6}" r="6" fill="#fff" opacity=".35"/>`,
        )
        .join("") +
      stick(338, 490) +
      stick(462, 490) +
      `<rect x="350" y="394" width="34" height="14" rx="7" fill="#1f232b"/><rect x="416" y="394" width="34" height="14" rx="7" fill="#1f232b"/>` +
      `<circle cx="400" cy="440" r="16" fill="${c.a}"/><circle cx="400" cy="440" r="24" fill="${c.a}" opacity=".2"/></g>`,
    floor: [400, 640, 280, 24],
    dy: -50,
  };
};

/** Draws one product as a group (no backdrop) so banners can reuse the art. */
function productArt(prod, p) {
  const c = palette(prod.colors);
  const t = T[prod.type];
  if (!t) throw new Error(`No template for type ${prod.type} (${prod.slug})`);
  const { art, floor, dy = 0 } = t(c, p, prod.variant);
  if (!dy) return { c, art, floor };
  return {
    c,
    art: `<g transform="translate(0 ${dy})">${art}</g>`,
    floor: floor && [floor[0], floor[1] + dy, floor[2], floor[3]],
  };
}

function productSvg(prod) {
  const { c, art, floor } = productArt(prod, "");
  return doc(800, 800, backdrop(c, "", floor === undefined ? undefined : (floor ?? [0, 0, 0, 0])) + art);
}

/* ----------------------------------------------------------------- avatars */

const AVATARS = [
  { bg: "#fde68a", skin: "#8d5524", hair: "#1f1a17", style: "afro", shirt: "#0f9488", earrings: "#fbbf24" },
  { bg: "#bfdbfe", skin: "#f1c7a5", hair: "#6b4423", style: "short", shirt: "#1e3a8a", glasses: true },
  {
    bg: "#fbcfe8",
    skin: "#f5d0b5",
    hair: "#e8c26a",
    brow: "#a97b2c",
    style: "long",
    shirt: "#f97362",
    earrings: "#f9fafb",
  },
  { bg: "#bbf7d0", skin: "#5b3a24", hair: "#1c1917", style: "beard", shirt: "#d99a1e" },
  { bg: "#ddd6fe", skin: "#d9a982", hair: "#6d28d9", brow: "#3b2a20", style: "hijab", shirt: "#7c3aed" },
  { bg: "#fed7aa", skin: "#f0c9a0", hair: "#111827", style: "quiff", shirt: "#16a34a" },
  {
    bg: "#bae6fd",
    skin: "#f3cfb4",
    hair: "#d4d4d8",
    brow: "#9ca3af",
    style: "bun",
    shirt: "#9d174d",
    glasses: true,
  },
  { bg: "#d9f99d", skin: "#b97a4f", hair: "#1f1712", style: "wavy", shirt: "#ea580c", stubble: true },
];

function avatarSvg(a, i) {
  const p = `a${i}`;
  const sd = dk(a.skin, 0.14);
  let back = "";
  let front = "";
  switch (a.style) {
    case "afro":
      back = [
        [128, 92, 74],
        [72, 110, 36],
        [184, 110, 36],
        [92, 58, 38],
        [164, 58, 38],
        [128, 42, 40],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${a.hair}"/>`)
        .join("");
      front = `<path d="M74,116Q78,58 128,56Q178,58 182,116Q170,88 148,84Q128,92 108,84Q86,88 74,116Z" fill="${a.hair}"/>`;
      break;
    case "short":
      front = `<path d="M74,116Q70,54 130,54Q186,56 182,116Q176,86 150,78Q120,92 86,86Q78,98 74,116Z" fill="${a.hair}"/>`;
      break;
    case "long":
      back = `<path d="M66,124Q60,48 128,48Q196,48 190,124L200,222Q128,240 56,222Z" fill="${a.hair}"/>`;
      front = `<path d="M74,122Q72,58 128,56Q184,58 182,122Q170,80 124,76Q100,100 74,122Z" fill="${a.hair}"/>`;
      break;
    case "beard":
      front =
        `<path d="M76,118Q78,202 128,206Q178,202 180,118Q172,150 156,156Q128,146 100,156Q84,150 76,118Z" fill="${a.hair}"/>` +
        `<path d="M106,150Q128,140 150,150Q140,158 128,154Q116,158 106,150Z" fill="${a.hair}"/>` +
        `<path d="M84,80Q100,58 128,58Q156,58 172,80" fill="none" stroke="#fff" stroke-width="6" opacity=".18" stroke-linecap="round"/>`;
      break;
    case "hijab":
      back = `<path d="M60,150Q50,34 128,34Q206,34 196,150L214,256H42Z" fill="${a.hair}"/>`;
      front = `<path d="M74,130Q70,58 128,58Q186,58 182,130Q182,80 128,74Q74,80 74,130Z" fill="${dk(a.hair, 0.15)}"/>`;
      break;
    case "quiff":
      front = `<path d="M76,118Q68,60 112,46Q150,30 176,60Q188,80 180,118Q172,88 150,84Q150,70 130,72Q100,88 76,118Z" fill="${a.hair}"/>`;
      break;
    case "bun":
      back = `<circle cx="128" cy="48" r="26" fill="${a.hair}"/>`;
      front = `<path d="M74,120Q70,56 128,56Q186,56 182,120Q176,84 128,80Q80,84 74,120Z" fill="${a.hair}"/>`;
      break;
    case "wavy":
      front = `<path d="M72,122Q62,70 92,56Q110,40 140,46Q176,44 186,80Q192,100 184,122Q176,96 160,92Q150,80 134,86Q118,76 104,88Q88,90 72,122Z" fill="${a.hair}"/>`;
      break;
  }
  const head =
    `<rect x="110" y="146" width="36" height="46" rx="14" fill="${sd}"/>` +
    (a.style === "hijab"
      ? ""
      : `<circle cx="76" cy="124" r="12" fill="${sd}"/><circle cx="180" cy="124" r="12" fill="${sd}"/>`) +
    `<ellipse cx="128" cy="120" rx="52" ry="60" fill="url(#${p}k)"/>`;
  const face =
    `<ellipse cx="108" cy="124" rx="5" ry="6" fill="#2b2220"/><ellipse cx="148" cy="124" rx="5" ry="6" fill="#2b2220"/>` +
    `<circle cx="110" cy="122" r="1.6" fill="#fff"/><circle cx="150" cy="122" r="1.6" fill="#fff"/>` +
    line("M98,108Q108,102 118,107M138,107Q148,102 158,108", a.brow ?? a.hair, 4) +
    line("M128,128Q124,140 130,142", dk(a.skin, 0.25), 3) +
    `<path d="M112,152Q128,166 144,152Q128,158 112,152Z" fill="#7a2e2e" stroke="#7a2e2e" stroke-width="4" stroke-linejoin="round"/>` +
    `<circle cx="96" cy="142" r="9" fill="#f87171" opacity=".22"/><circle cx="160" cy="142" r="9" fill="#f87171" opacity=".22"/>` +
    (a.stubble
      ? `<clipPath id="${p}c"><ellipse cx="128" cy="120" rx="52" ry="60"/></clipPath><path d="M70,128Q92,196 128,196Q164,196 186,128Q168,166 128,164Q88,166 70,128Z" fill="${a.hair}" opacity=".28" clip-path="url(#${p}c)"/>`
      : "") +
    (a.glasses
      ? `<rect x="88" y="110" width="38" height="30" rx="10" fill="#fff" fill-opacity=".15" stroke="#374151" stroke-width="4"/><rect x="130" y="110" width="38" height="30" rx="10" fill="#fff" fill-opacity=".15" stroke="#374151" stroke-width="4"/>` +
        line("M126,122H130", "#374151", 4)
      : "") +
    (a.earrings
      ? `<circle cx="76" cy="142" r="6" fill="${a.earrings}"/><circle cx="180" cy="142" r="6" fill="${a.earrings}"/>`
      : "");
  const body =
    `<path d="M34,256Q36,186 128,180Q220,186 222,256Z" fill="url(#${p}s)"/>` +
    `<path d="M104,182Q128,204 152,182Q140,178 128,178Q116,178 104,182Z" fill="${sd}"/>` +
    line("M102,184Q128,214 154,184", dk(a.shirt, 0.25), 6);
  return doc(
    256,
    256,
    `<defs>${rg(p + "b", [lt(a.bg, 0.5), a.bg], 0.5, 0.4, 0.7)}${lg(p + "s", [lt(a.shirt, 0.15), dk(a.shirt, 0.2)], 0, 0, 1, 1)}${rg(p + "k", [lt(a.skin, 0.12), a.skin], 0.42, 0.4, 0.7)}</defs>` +
      `<rect width="256" height="256" fill="url(#${p}b)"/><circle cx="128" cy="128" r="104" fill="#fff" opacity=".25"/>` +
      back +
      body +
      head +
      front +
      face,
  );
}

/* ------------------------------------------------------------------ promos */

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const bySlug = new Map(catalogue.products.map((x) => [x.slug, x]));

/** Places a product's art (800x800 space) on a banner. */
function placed(slug, x, y, scale, rot = 0, p = slug.slice(0, 6) + "_") {
  const prod = bySlug.get(slug);
  if (!prod) throw new Error(`promo uses unknown slug ${slug}`);
  const { art } = productArt(prod, p);
  const filter = `<defs>${dropShadow(p + "f", "#000", 0.25, 18, 16)}</defs>`;
  return `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${scale}) translate(-400 -400)">${filter}${art}</g>`;
}

function promo({ id, bg, blobs, kicker, title, sub, cta, ink, ctaBg, ctaInk, items }) {
  const text =
    `<g font-family="${FONT}" fill="${ink}">` +
    `<text x="110" y="200" font-size="30" font-weight="700" letter-spacing="6" opacity=".85">${kicker}</text>` +
    title
      .map(
        (t, i) =>
          `<text x="106" y="${292 + i * 92}" font-size="92" font-weight="800" letter-spacing="-2">${t}</text>`,
      )
      .join("") +
    `<text x="110" y="${300 + title.length * 92}" font-size="30" opacity=".85">${sub}</text>` +
    `<rect x="110" y="${340 + title.length * 92}" width="250" height="70" rx="35" fill="${ctaBg}"/>` +
    `<text x="235" y="${385 + title.length * 92}" font-size="28" font-weight="700" text-anchor="middle" fill="${ctaInk}">${cta}</text></g>`;
  return doc(
    1600,
    600,
    `<defs>${lg(id + "bg", bg, 0, 0, 1, 1)}</defs><rect width="1600" height="600" fill="url(#${id}bg)"/>` +
      blobs +
      items.map((it) => placed(...it)).join("") +
      text,
  );
}

const PROMOS = catalogue.promos.map(promo);

/* -------------------------------------------------------------- demo-data */

function demoDataTs() {
  const q = (s) => JSON.stringify(s);
  const cats = ["mans", "womans", "shoes", "gadgets"];
  const queues = cats.map((k) => catalogue.products.filter((x) => x.category === k));
  const ordered = [];
  while (queues.some((qq) => qq.length)) for (const qq of queues) if (qq.length) ordered.push(qq.shift());
  const products = ordered
    .map(
      (x) =>
        `  {\n    slug: ${q(x.slug)},\n    productname: ${q(x.productname)},\n    priceCents: ${x.priceCents},\n    catagory: ${q(x.category)},\n    description:\n      ${q(x.description)},\n    image: ${q(`/demo/products/${x.slug}.svg`)},\n    stock: ${x.stock},\n  },\n`,
    )
    .join("");
  const reviews = catalogue.reviews
    .map(
      (r) =>
        `  {\n    name: ${q(r.name)},\n    review:\n      ${q(r.review)},\n    image: ${q(`/demo/avatars/avatar-${r.avatar}.svg`)},\n  },\n`,
    )
    .join("");
  return `// GENERATED by scripts/generate-demo-assets.mjs from scripts/demo-catalogue.json.
// Do not edit by hand: change the JSON and run \`node scripts/generate-demo-assets.mjs\`.
import type { DemoProduct, DemoReview } from "./demo-types";

/** ${ordered.length} products, categories interleaved so the first eight show all four. */
export const demoProducts: readonly DemoProduct[] = [
${products}];

export const demoReviews: readonly DemoReview[] = [
${reviews}];
`;
}

/* ------------------------------------------------------------------- write */

function validate() {
  const slugs = new Set();
  const names = new Set();
  for (const x of catalogue.products) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(x.slug)) throw new Error(`bad slug ${x.slug}`);
    if (slugs.has(x.slug) || names.has(x.productname)) throw new Error(`duplicate ${x.slug}`);
    slugs.add(x.slug);
    names.add(x.productname);
    if (!["mans", "womans", "shoes", "gadgets"].includes(x.category))
      throw new Error(`bad category ${x.slug}`);
    if (!Number.isInteger(x.priceCents) || x.priceCents <= 0) throw new Error(`bad price ${x.slug}`);
    if (!Number.isInteger(x.stock) || x.stock < 0 || x.stock > 60) throw new Error(`bad stock ${x.slug}`);
  }
  for (const r of catalogue.reviews)
    if (!(r.avatar >= 1 && r.avatar <= AVATARS.length)) throw new Error(`bad avatar for ${r.name}`);
}

function write(rel, content) {
  const file = join(ROOT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

validate();
let biggest = 0;
for (const prod of catalogue.products) {
  const size = write(`web/public/demo/products/${prod.slug}.svg`, productSvg(prod));
  if (size > 6144) throw new Error(`${prod.slug}.svg is ${size} bytes (limit 6 KB)`);
  biggest = Math.max(biggest, size);
}
PROMOS.forEach((svg, i) => write(`web/public/demo/promo/promo-${i + 1}.svg`, svg));
// Keep in step with PROMO_WIDTHS in web/src/features/home/config.ts.
const PROMO_WIDTHS = [800, 1280, 1600];
const { default: sharp } = await import("sharp");
for (const [i, svg] of PROMOS.entries()) {
  for (const width of PROMO_WIDTHS) {
    const webp = await sharp(Buffer.from(svg), { density: (72 * width) / 1600 })
      .resize(width)
      .webp({ quality: 75, effort: 6 })
      .toBuffer();
    write(`web/public/demo/promo/promo-${i + 1}-${width}.webp`, webp);
  }
}
AVATARS.forEach((a, i) => write(`web/public/demo/avatars/avatar-${i + 1}.svg`, avatarSvg(a, i + 1)));
write("server/src/db/demo-data.ts", demoDataTs());
// Keep the generated module in the repository's code style when prettier is installed.
const prettier = join(ROOT, "node_modules/prettier/bin/prettier.cjs");
if (existsSync(prettier))
  execFileSync(process.execPath, [prettier, "--write", join(ROOT, "server/src/db/demo-data.ts")], {
    stdio: "ignore",
  });
console.log(
  `wrote ${catalogue.products.length} product images (largest ${biggest} B), ${PROMOS.length} promos (SVG and ${PROMO_WIDTHS.length} WebP sizes), ${AVATARS.length} avatars and server/src/db/demo-data.ts`,
);
