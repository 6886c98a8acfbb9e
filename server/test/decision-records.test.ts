import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const decisionsDir = path.resolve(import.meta.dirname, "../../docs/decisions");

async function decisionFiles(): Promise<string[]> {
  return (await readdir(decisionsDir)).filter((name) => /^\d{3}-.+\.md$/.test(name)).sort();
}

describe("decision records", () => {
  it("each opens with its title, then a date and a status line", async () => {
    const missing: string[] = [];
    for (const name of await decisionFiles()) {
      const text = await readFile(path.join(decisionsDir, name), "utf8");
      const head = text.split("\n").slice(0, 6).join("\n");
      if (!/^Date: \d{4}-\d{2}-\d{2}.*·\s*Status: \w+/m.test(head)) missing.push(name);
    }
    expect(missing).toEqual([]);
  });

  it("are each listed in the index with their number", async () => {
    const index = await readFile(path.join(decisionsDir, "README.md"), "utf8");
    const unlisted = (await decisionFiles()).filter((name) => !index.includes(`](${name})`));
    expect(unlisted).toEqual([]);
  });
});
