import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Debian's chromium-headless-shell: the same Blink as the full browser, without the desktop
 * browser around it. The tests' pages cost it about 40 % less CPU (decision 029), and CI's browser
 * tests are bound by CPU. CHROMIUM_PATH=/usr/bin/chromium runs them in the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
/** Debian names both packages after their program. */
const CHROMIUM_PACKAGE = path.basename(CHROMIUM_PATH);

/** The browser: installed here when missing and we are root, otherwise one clear instruction. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with 'sudo apt-get install -y ${CHROMIUM_PACKAGE}'.`,
    );
  }
  console.log(`Installing Debian's ${CHROMIUM_PACKAGE} for the end-to-end tests …`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", CHROMIUM_PACKAGE], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

/** Flags for a closed network: nothing in the background may try to reach the internet. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
