/**
 * The owner's **Allowed hosts** (code injection, DESIGN §2): the hosts their injected code loads
 * from and talks to, added to the site's CSP (csp.server.ts). Host names only, so what the owner
 * types can never loosen the policy beyond naming hosts: no `*` alone, no keyword such as
 * `'unsafe-eval'`, no scheme but https, no path.
 */

/** At most this many hosts: a long list is a sign of a policy pasted from elsewhere. */
const ALLOWED_HOSTS_MAX = 50;

const HOST = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9](:\d{1,5})?$/;

export type ParsedHosts = { ok: true; hosts: string[] } | { ok: false; message: string };

/** The hosts of a text (one per line, or separated by spaces or commas), lower case, each once. */
export function parseAllowedHosts(text: string): ParsedHosts {
  const entries = text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hosts: string[] = [];
  for (const entry of entries) {
    const problem = hostProblem(entry);
    if (problem) return { ok: false, message: problem };
    const host = entry
      .toLowerCase()
      .replace(/^https:\/\//, "")
      .replace(/\/$/, "");
    if (!hosts.includes(host)) hosts.push(host);
  }
  if (hosts.length > ALLOWED_HOSTS_MAX)
    return { ok: false, message: `Allowed hosts may list at most ${ALLOWED_HOSTS_MAX} hosts.` };
  return { ok: true, hosts };
}

function hostProblem(entry: string): string | null {
  if (entry === "*" || /^https:\/\/\*\/?$/i.test(entry))
    return `"${entry}" would allow every host: list the hosts your code loads from (such as *.googlesyndication.com).`;
  const bare = entry
    .toLowerCase()
    .replace(/^https:\/\//, "")
    .replace(/\/$/, "");
  if (!HOST.test(bare) || bare.length > 253)
    return `"${entry}" is not a host name: Allowed hosts takes host names only (such as ads.example.com or *.example.com).`;
  return null;
}

/** The hosts as CSP sources: `https://` each, so none is ever allowed over plain HTTP. */
export function cspSourcesOf(hosts: readonly string[]): string {
  return hosts.map((host) => `https://${host}`).join(" ");
}
