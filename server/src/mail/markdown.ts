/**
 * The Markdown a campaign is written in, as HTML for the mail: paragraphs, line breaks, headings
 * (#, ##, ###), bullet lists (- or *), **bold**, *italic* and [links](https://…). Everything is
 * escaped first, so no HTML the owner types reaches a mail; links must be http(s) or mailto.
 */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function inline(text: string): string {
  return escapeHtml(text)
    .replace(
      /\[([^\]]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/g,
      (_match, label: string, url: string) => `<a href="${url}" style="color:#b45309">${label}</a>`,
    )
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/\*([^*]+)\*/g, "<em>$1</em>");
}

const BULLET = /^\s*[-*]\s+/;

export function markdownToHtml(markdown: string): string {
  const blocks = markdown.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  return blocks
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const heading = /^(#{1,3})\s+(.*)$/.exec(block);
      if (heading && !block.includes("\n")) {
        const level = heading[1]!.length + 1;
        return `<h${level} style="margin:0 0 12px">${inline(heading[2]!)}</h${level}>`;
      }
      const lines = block.split("\n");
      if (lines.every((line) => BULLET.test(line))) {
        const items = lines.map((line) => `<li>${inline(line.replace(BULLET, ""))}</li>`).join("");
        return `<ul style="margin:0 0 12px;padding-left:20px">${items}</ul>`;
      }
      return `<p style="margin:0 0 12px">${lines.map(inline).join("<br />")}</p>`;
    })
    .join("\n");
}

/** The plain-text part: the Markdown itself reads well, less the link syntax. */
export const markdownToText = (markdown: string) =>
  markdown.replace(/\[([^\]]+)\]\(([^\s)]+)\)/g, "$1 ($2)").replace(/\*\*([^*]+)\*\*/g, "$1");
