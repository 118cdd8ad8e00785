/**
 * Which compression to answer an `Accept-Encoding` header with: Brotli, then gzip, then none.
 * q-values count: `br;q=0` refuses Brotli, `*` stands for every coding not named, and a coding
 * with q=0 is never chosen. Between two acceptable codings the higher q wins; on a tie, Brotli
 * (smaller) wins.
 */
export function preferredEncoding(header: string | string[] | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/.exec(param);
      // A weight that is not a number in [0, 1] makes the coding unacceptable.
      if (match) q = /^[0-9.]+$/.test(match[1] ?? "") ? Number(match[1]) : 0;
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) q = 0;
    // A coding named twice keeps its highest weight.
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = Math.max(weightOf("gzip"), weights.get("x-gzip") ?? 0);
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}
