/**
 * Who a login throttle counts as one client, from the address the request came from. An IPv4
 * address is one client. An IPv6 client usually holds a whole /64 (often more) and can pick any
 * address in it, so counting per address would give it unlimited attempts: the /64 is the client.
 * An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports) is its IPv4
 * address. Anything unparsable is the single key "invalid", so a key is never longer than an
 * IPv6 prefix.
 */
export function clientAddressKey(address: string | undefined): string {
  let text = (address ?? "").trim();
  if (text.length > 100) return "invalid";
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  if (!text.includes(":")) return parseIPv4(text)?.join(".") ?? "invalid";
  const groups = parseIPv6(text.replace(/%.*$/, ""));
  if (!groups) return "invalid";
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** Four decimal octets without leading zeros (an octal reading of "010" would be ambiguous). */
function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : Number.NaN));
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address, `::` and a trailing dotted IPv4 part allowed. */
function parseIPv6(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        out.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? "");
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}
