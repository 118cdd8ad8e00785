/**
 * The IAB's ads.txt (version 1.1): one record per line, `domain, publisher ID, DIRECT|RESELLER`
 * with an optional certification authority ID, `# comments`, and `variable=value` lines (contact,
 * subdomain, ownerdomain, managerdomain, inventorypartnerdomain). An ad network gives the owner
 * the exact lines to paste; checking each line's shape catches one broken in pasting now, rather
 * than when the network's crawler stops paying weeks later.
 */

/** The most an ads.txt may hold here: large networks' files run to a few thousand lines. */
export const ADS_TXT_MAX = 65_536;

/** The text as served: Unix line ends, no trailing spaces, one final line end (or nothing at all). */
export function normalizeAdsTxt(text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  while (lines.length > 0 && lines[0] === "") lines.shift();
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

const VARIABLE = /^[A-Za-z][A-Za-z0-9_-]*\s*=/;
const DOMAIN = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const RELATIONSHIP = /^(DIRECT|RESELLER)$/i;

/** Why a line is not an ads.txt line, or null when it is one (a record, variable, comment or blank). */
export function adsTxtLineProblem(line: string): string | null {
  const content = line.replace(/#.*$/, "").trim();
  if (content === "" || VARIABLE.test(content)) return null;
  const [domain = "", publisher = "", relationship = ""] = content.split(",").map((f) => f.trim());
  if (!DOMAIN.test(domain)) return `"${domain}" is not an ad system's domain (such as google.com)`;
  if (publisher === "") return "the publisher ID is missing";
  if (!RELATIONSHIP.test(relationship)) return "the third field must be DIRECT or RESELLER";
  return null;
}

/** The first line that is not an ads.txt line, as a message naming it; null when all are. */
export function adsTxtProblem(text: string): string | null {
  if (hasControlCharacter(text)) return "ads.txt may hold only text: it has control characters in it.";
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (const [index, line] of lines.entries()) {
    const problem = adsTxtLineProblem(line);
    if (problem)
      return `Line ${index + 1} of ads.txt is not a record: ${problem}. A record reads "domain, publisher ID, DIRECT" (or RESELLER).`;
  }
  return null;
}

/** Whether `text` holds a control character other than tab and line ends (a binary file pasted). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}
