import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Debian's chromium-headless-shell: the same Blink as the full browser, without the desktop
 * browser around it. The same tests cost about 35 % less CPU in all, 45 % less in the browser's own
 * processes (decision 029), and CI's browser tests are bound by CPU. CHROMIUM_PATH=/usr/bin/chromium
 * runs them in the full browser. The path is the program itself: /usr/bin/chromium-headless-shell
 * is a shell script that runs it without exec.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
/** The Debian package that installs each browser the tests know; another path must exist already. */
const DEBIAN_PACKAGES: Record<string, string> = {
  "/usr/bin/chromium-headless-shell": "chromium-headless-shell",
  "/usr/lib/chromium/chromium-headless-shell": "chromium-headless-shell",
  "/usr/bin/chromium": "chromium",
  "/usr/lib/chromium/chromium": "chromium",
};

/** The browser: installed here when missing and we are root, otherwise one clear instruction. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const debianPackage = DEBIAN_PACKAGES[CHROMIUM_PATH];
  if (!debianPackage) throw new Error(`CHROMIUM_PATH names ${CHROMIUM_PATH}, which does not exist.`);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with 'sudo apt-get install -y ${debianPackage}'.`,
    );
  }
  console.log(`Installing Debian's ${debianPackage} for the end-to-end tests …`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", debianPackage], {
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
