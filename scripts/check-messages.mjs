// npm run check:messages (part of npm run check, so of npm test), decision 041: fails on
//  - a user-visible string literal in the web app's JSX (text, or a text-bearing attribute such
//    as aria-label, placeholder, title, alt, label) instead of a message from the catalogue,
//  - a key one language's catalogue has and another lacks, or arguments that differ between them,
//  - a message whose ICU MessageFormat syntax is broken.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@messageformat/parser";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const webSrc = path.join(root, "web", "src");
/**
 * Every catalogue: a folder named `messages` holding en.json, in the web app (the shell's and each
 * feature's), the server (mails, problem details, page titles) and the contract.
 */
const catalogueDirs = (dir = root) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !["node_modules", "dist", ".git"].includes(entry.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      const own = entry.name === "messages" && existsSync(path.join(full, "en.json")) ? [full] : [];
      return [...own, ...catalogueDirs(full)];
    });

/** Attributes whose value a person reads (or a screen reader says). */
const TEXT_ATTRIBUTE =
  /^(aria-label|aria-description|aria-valuetext|placeholder|title|alt|label|[a-z]+(Label|Text|Title|Message|Heading))$/;
const HAS_LETTER = /\p{L}/u;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

const isUnder = (relative, entries) =>
  entries.some((entry) => relative === entry || relative.startsWith(`${entry}/`));

/**
 * CHECK_MESSAGES_ONLY=features/admin,components checks only those folders' literals.
 */
const onlyChecked = process.env.CHECK_MESSAGES_ONLY?.split(",").filter(Boolean);

const isSkipped = (file) => {
  const relative = path.relative(webSrc, file).split(path.sep).join("/");
  return onlyChecked ? !isUnder(relative, onlyChecked) : false;
};

/** The text literals an expression in JSX shows: itself, or either branch of a condition. */
function shownLiterals(expression) {
  if (!expression) return [];
  if (ts.isParenthesizedExpression(expression)) return shownLiterals(expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [...shownLiterals(expression.whenTrue), ...shownLiterals(expression.whenFalse)];
  }
  if (ts.isBinaryExpression(expression)) {
    return [...shownLiterals(expression.left), ...shownLiterals(expression.right)];
  }
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return HAS_LETTER.test(expression.text) ? [expression] : [];
  }
  if (ts.isTemplateExpression(expression)) {
    const text = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(
      "",
    );
    return HAS_LETTER.test(text) ? [expression] : [];
  }
  return [];
}

export function literalTexts(file, source = readFileSync(file, "utf8")) {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, text) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${path.relative(root, file)}:${line + 1}: ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) {
      for (const literal of shownLiterals(node.expression)) report(literal, literal.getText());
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTE.test(node.name.getText()) && node.initializer) {
      const literals = ts.isStringLiteral(node.initializer)
        ? shownLiterals(node.initializer)
        : shownLiterals(node.initializer.expression);
      for (const literal of literals) report(literal, `${node.name.getText()}=${literal.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The argument names a message uses, sorted (plural/select keys and `#` aside). */
function argumentsOf(tokens, names = new Set()) {
  for (const token of tokens) {
    if (token.type === "argument" || token.type === "function") names.add(token.arg);
    if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
      names.add(token.arg);
      for (const { tokens: inner } of token.cases) argumentsOf(inner, names);
    }
  }
  return names;
}

export function catalogueProblems(dir) {
  const where = path.relative(root, dir);
  const problems = [];
  const catalogues = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => [name.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(dir, name), "utf8"))]),
  );
  const parsed = {};
  for (const [language, messages] of Object.entries(catalogues)) {
    parsed[language] = {};
    for (const [key, message] of Object.entries(messages)) {
      try {
        parsed[language][key] = argumentsOf(parse(message, { cardinal: [], ordinal: [], strict: false }));
      } catch (error) {
        problems.push(`${where}/${language}.json: "${key}" is not valid ICU MessageFormat: ${error.message}`);
      }
    }
  }
  const languages = Object.keys(catalogues);
  const keys = new Set(languages.flatMap((language) => Object.keys(catalogues[language])));
  for (const key of keys) {
    const missing = languages.filter((language) => !(key in catalogues[language]));
    if (missing.length > 0)
      problems.push(`"${key}" is missing in ${missing.map((l) => `${where}/${l}.json`).join(", ")}`);
    const signatures = new Set(
      languages
        .filter((language) => parsed[language][key])
        .map((language) => [...parsed[language][key]].sort().join(",")),
    );
    if (signatures.size > 1)
      problems.push(`"${key}" takes different arguments in different languages (${where})`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const literals = sourceFiles(webSrc)
    .filter((file) => !isSkipped(file))
    .flatMap((file) => literalTexts(file));
  const problems = [
    ...literals.map((literal) => `${literal} is a literal text: take it from the catalogue (t("…"))`),
    ...catalogueDirs().flatMap((dir) => catalogueProblems(dir)),
  ];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `${problems.length} message problem(s); see docs/decisions/041-languages-and-message-catalogues.md`,
    );
    process.exitCode = 1;
  } else {
    console.log("Messages: catalogues agree and parse; no literal texts in the web app's JSX.");
  }
}
