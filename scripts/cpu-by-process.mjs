// node scripts/cpu-by-process.mjs -- <command …>
//
// Runs the command and adds up the CPU time every process on the machine spends meanwhile (from
// /proc, twice a second), grouped by kind: Chromium's processes by --type, the shops under test,
// the test runner, PostgreSQL. Decision 028 used it on the e2e stage. Linux only.
import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

const separator = process.argv.indexOf("--");
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error("usage: node scripts/cpu-by-process.mjs -- <command …>");
  process.exit(2);
}

const TICKS_PER_SECOND = 100;
/** Per pid: CPU seconds seen last time and the process's kind. */
const seen = new Map();
const secondsByKind = new Map();
/** Processes seen in the first sample ran before the command: they count from that sample on. */
let firstSampleDone = false;

function kindOf(pid) {
  let commandLine;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return undefined;
  }
  if (commandLine.includes("chromium"))
    return `chromium ${/--type=(\S+)/.exec(commandLine)?.[1] ?? "browser"}`;
  if (commandLine.includes("server/dist/main.js")) return "shop";
  if (commandLine.includes("vitest")) return "vitest";
  if (commandLine.includes("postgres")) return "postgres";
  if (commandLine.includes("nginx")) return "nginx";
  return commandLine.split(" ")[0] || "kernel";
}

function sample() {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const previous = seen.get(pid);
    const kind = previous?.kind ?? kindOf(pid);
    if (kind === undefined) continue;
    seen.set(pid, { seconds, kind });
    // A process started meanwhile counts from its start; one running before, from the first sample.
    const since = previous?.seconds ?? (firstSampleDone ? 0 : seconds);
    if (seconds > since) secondsByKind.set(kind, (secondsByKind.get(kind) ?? 0) + seconds - since);
  }
}

const started = performance.now();
sample();
firstSampleDone = true;
const sampler = setInterval(sample, 500);
const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
child.on("exit", (code) => {
  clearInterval(sampler);
  sample();
  const rows = [...secondsByKind].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  const wall = (performance.now() - started) / 1000;
  console.log(
    `\n${wall.toFixed(0)} s wall, ${total.toFixed(0)} s CPU (at least: a process that exits loses its last half second)`,
  );
  for (const [kind, seconds] of rows.slice(0, 15)) {
    console.log(
      `${seconds.toFixed(1).padStart(8)} s  ${((seconds / total) * 100).toFixed(0).padStart(3)} %  ${kind}`,
    );
  }
  process.exit(code ?? 1);
});
