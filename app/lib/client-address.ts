import ipaddr from "ipaddr.js";

const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
/** A dotted IPv4 address in its one canonical spelling (no leading zeros, no spaces). */
const PLAIN_IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/**
 * Who a login throttle counts as one client, from the address the request came from. An IPv4
 * address is one client. An IPv6 client usually holds a whole /64 (often more) and can pick any
 * address in it, so counting per address would give it unlimited attempts: the /64 is the client.
 * An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports) is its IPv4
 * address. Anything unparsable is the single key "invalid", so a key is never longer than an
 * IPv6 prefix.
 */
export function clientAddressKey(address: string | undefined): string {
  // Most addresses are plain IPv4 (or mapped, from a dual-stack socket), already the key itself:
  // no parsing (the analytics work out one per new reader).
  if (address !== undefined) {
    if (PLAIN_IPV4.test(address)) return address;
    if (address.startsWith("::ffff:") && PLAIN_IPV4.test(address.slice(7))) return address.slice(7);
  }
  let text = (address ?? "").trim();
  if (text.length > 100) return "invalid";
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  // Zone ids (`fe80::1%eth0`) name the interface, not the client.
  text = text.replace(/%.*$/, "");
  // Strict forms only: ipaddr.js would also read "1.2.3" or "0x7f.1" as IPv4 addresses.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return "invalid";
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
