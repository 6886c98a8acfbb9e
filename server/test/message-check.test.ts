import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// @ts-expect-error: a plain .mjs script without types (npm run check:messages).
import { catalogueProblems, literalTexts } from "../../scripts/check-messages.mjs";

/**
 * npm run check:messages (in npm test) fails on each of the three faults issue 37 names: a text
 * written as a literal in the web app's JSX, a key one language lacks, a message whose ICU syntax
 * is broken. Probes here, since the real tree has none of them.
 */
const probe = "web/src/features/probe/probe-page.tsx";
let catalogueDir: string | undefined;
afterEach(async () => {
  if (catalogueDir) await rm(catalogueDir, { recursive: true, force: true });
  catalogueDir = undefined;
});

async function catalogues(en: Record<string, string>, bn: Record<string, string>): Promise<string[]> {
  catalogueDir = await mkdtemp(path.join(tmpdir(), "messages-"));
  await writeFile(path.join(catalogueDir, "en.json"), JSON.stringify(en));
  await writeFile(path.join(catalogueDir, "bn.json"), JSON.stringify(bn));
  return catalogueProblems(catalogueDir) as string[];
}

describe("the message check", () => {
  it("finds a literal text, in JSX text and in a text-bearing attribute, and passes t()", () => {
    const found = literalTexts(
      probe,
      `export const A = () => <p aria-label="Close the drawer">Sold out</p>;
       export const B = ({ t }: { t: (key: string) => string }) => <p title={t("a.b")}>{t("a.c")} 42</p>;`,
    ) as string[];
    expect(found).toHaveLength(2);
    expect(found[0]).toContain('"aria-label=\\"Close the drawer\\""');
    expect(found[1]).toContain('"Sold out"');
  });

  it("finds a key one language lacks and arguments that differ", async () => {
    const problems = await catalogues(
      { "probe.a": "A", "probe.b": "Hi {name}" },
      { "probe.b": "নমস্কার {who}" },
    );
    expect(problems.some((problem) => problem.includes('"probe.a" is missing in'))).toBe(true);
    expect(problems.some((problem) => problem.includes('"probe.b" takes different arguments'))).toBe(true);
  });

  it("finds a message whose ICU syntax is broken", async () => {
    const problems = await catalogues(
      { "probe.n": "{count, plural, one {# item} other {# items}" },
      { "probe.n": "{count, plural, one {#টি} other {#টি}}" },
    );
    expect(problems.some((problem) => problem.includes('"probe.n" is not valid ICU MessageFormat'))).toBe(
      true,
    );
  });

  it("finds nothing in catalogues that agree", async () => {
    expect(await catalogues({ "probe.a": "{n, number} items" }, { "probe.a": "{n, number}টি" })).toEqual([]);
  });
});
