/**
 * The site's menus (/admin/navigation): the header's items, each with at most one level of
 * children (a dropdown on wide screens, nested in the phone menu), and the footer's flat list.
 * Pure rules shared by the editor in the browser and the server: links, limits, the rows the
 * editor shows and the moves it makes.
 */

export interface NavItem {
  label: string;
  /** A path of this site (`/about`) or an `https://` address. */
  href: string;
  /** Header items only, one level deep. */
  children?: NavItem[];
}

export interface Navigation {
  header: NavItem[];
  footer: NavItem[];
}

export type MenuName = keyof Navigation;

/** The spec's links: a fresh site looks as it always has. */
export const DEFAULT_NAVIGATION: Navigation = {
  header: [
    { label: "Home", href: "/" },
    { label: "Destinations", href: "/destinations" },
    { label: "Blog", href: "/blogs" },
    { label: "Contact", href: "/contact" },
  ],
  footer: [
    { label: "Destinations", href: "/destinations" },
    { label: "Favourites", href: "/favorites" },
    { label: "Blog", href: "/blogs" },
    { label: "Disclaimer", href: "/disclaimer" },
    { label: "Terms & Conditions", href: "/terms-and-condition" },
    { label: "Privacy Policy", href: "/privacy-policy" },
    { label: "Search", href: "/search" },
  ],
};

/** How much a menu may hold: a header that fits a screen, a footer that stays a footer. */
export const NAV_LIMITS = {
  /** Top-level header items. */
  header: 10,
  /** Children of one header item. */
  children: 12,
  footer: 24,
  label: 60,
  href: 500,
} as const;

export const NAV_MESSAGES = {
  saved: "Navigation saved",
  labelRequired: "Give this item a label.",
  linkRequired: "Give this item a link.",
  labelTooLong: `A label is at most ${NAV_LIMITS.label} characters.`,
  linkTooLong: `A link is at most ${NAV_LIMITS.href} characters.`,
  unsafeLink: "A link is a path of this site (such as /about) or an https:// address.",
  orphanChild: "A sub-item needs an item above it in the header.",
  tooManyHeader: `The header holds at most ${NAV_LIMITS.header} items.`,
  tooManyChildren: `An item holds at most ${NAV_LIMITS.children} sub-items.`,
  tooManyFooter: `The footer holds at most ${NAV_LIMITS.footer} items.`,
  conflict:
    "Someone else saved the navigation while you were editing it. Reload to see their menus, then make your change again.",
  saveFailed: "Error saving navigation",
};

/** Why a link cannot go in a menu, or null: only this site's paths and https addresses. */
export function linkProblem(href: string): string | null {
  if (href === "") return NAV_MESSAGES.linkRequired;
  if (href.length > NAV_LIMITS.href) return NAV_MESSAGES.linkTooLong;
  // Whitespace and control characters have no place in a link (and "java\tscript:" hides in them).
  if (/[\s\p{Cc}]/u.test(href)) return NAV_MESSAGES.unsafeLink;
  if (href.startsWith("/")) {
    // "//host" and "/\host" are other sites to a browser.
    return href.startsWith("//") || href.startsWith("/\\") ? NAV_MESSAGES.unsafeLink : null;
  }
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password
      ? null
      : NAV_MESSAGES.unsafeLink;
  } catch {
    return NAV_MESSAGES.unsafeLink;
  }
}

/** One row of the editor: a header row may sit under the item above it (`child`). */
export interface NavRow {
  label: string;
  href: string;
  child: boolean;
}

/** The editor's rows of a menu: each item, then its children. */
export function rowsOf(items: NavItem[]): NavRow[] {
  return items.flatMap((item) => [
    { label: item.label, href: item.href, child: false },
    ...(item.children ?? []).map((c) => ({ label: c.label, href: c.href, child: true })),
  ]);
}

/** A menu's problems by row: `{ 3: { href: "…" } }`, and one for the menu as a whole. */
export interface MenuProblems {
  rows: Record<number, { label?: string; href?: string; child?: string }>;
  menu?: string;
}

/**
 * The items of a menu's rows, or its problems. Rows with neither label nor link are dropped (an
 * added row left empty). In the footer every row is a top-level item.
 */
export function itemsOf(menu: MenuName, rows: NavRow[]): { items: NavItem[] } | { problems: MenuProblems } {
  const problems: MenuProblems = { rows: {} };
  const items: NavItem[] = [];
  rows.forEach((row, index) => {
    const label = row.label.trim();
    const href = row.href.trim();
    if (label === "" && href === "") return;
    const found: MenuProblems["rows"][number] = {};
    if (label === "") found.label = NAV_MESSAGES.labelRequired;
    else if (label.length > NAV_LIMITS.label) found.label = NAV_MESSAGES.labelTooLong;
    const bad = linkProblem(href);
    if (bad) found.href = bad;
    const parent = items.at(-1);
    const child = menu === "header" && row.child;
    if (child && !parent) found.child = NAV_MESSAGES.orphanChild;
    if (Object.keys(found).length > 0) {
      problems.rows[index] = found;
      return;
    }
    if (child && parent) {
      parent.children = [...(parent.children ?? []), { label, href }];
      if (parent.children.length > NAV_LIMITS.children) problems.menu ??= NAV_MESSAGES.tooManyChildren;
    } else items.push({ label, href });
  });
  const most = menu === "header" ? NAV_LIMITS.header : NAV_LIMITS.footer;
  if (items.length > most)
    problems.menu ??= menu === "header" ? NAV_MESSAGES.tooManyHeader : NAV_MESSAGES.tooManyFooter;
  return Object.keys(problems.rows).length > 0 || problems.menu ? { problems } : { items };
}

/** The most rows an editor's post may hold for a menu (every item with every child, plus one added). */
export const MAX_ROWS: Record<MenuName, number> = {
  header: NAV_LIMITS.header * (NAV_LIMITS.children + 1) + 1,
  footer: NAV_LIMITS.footer + 1,
};

/** A move in the editor: add a row at the end, remove one, or move one up or down. */
export type RowMove = { kind: "add" } | { kind: "remove" | "up" | "down"; index: number };

/**
 * The rows after a move. A header item moves with its children, and past a whole item; a child
 * moves among its siblings and may cross into the item above or below. Out-of-range moves change
 * nothing.
 */
export function moveRow(rows: NavRow[], move: RowMove): NavRow[] {
  if (move.kind === "add") return [...rows, { label: "", href: "", child: false }];
  const { index } = move;
  const row = rows[index];
  if (!row) return rows;
  if (move.kind === "remove") {
    // Removing an item takes its children with it.
    const end = row.child ? index + 1 : blockEnd(rows, index);
    return [...rows.slice(0, index), ...rows.slice(end)];
  }
  if (row.child) {
    const other = move.kind === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= rows.length) return rows;
    // A child cannot become the header's first row: it would have no item above it.
    if (move.kind === "up" && !rows[other]?.child && other === 0) return rows;
    const next = [...rows];
    [next[index], next[other]] = [rows[other] as NavRow, row];
    return next;
  }
  const end = blockEnd(rows, index);
  const block = rows.slice(index, end);
  if (move.kind === "up") {
    const start = blockStart(rows, index - 1);
    if (start < 0) return rows;
    return [...rows.slice(0, start), ...block, ...rows.slice(start, index), ...rows.slice(end)];
  }
  if (end >= rows.length) return rows;
  const nextEnd = blockEnd(rows, end);
  return [...rows.slice(0, index), ...rows.slice(end, nextEnd), ...block, ...rows.slice(nextEnd)];
}

/** The index just past the item at `index` and its children. */
function blockEnd(rows: NavRow[], index: number): number {
  let end = index + 1;
  while (rows[end]?.child) end++;
  return end;
}

/** The first row of the item whose block holds `index` (-1 when there is none). */
function blockStart(rows: NavRow[], index: number): number {
  let start = index;
  while (start > 0 && rows[start]?.child) start--;
  return start;
}

/**
 * A stored menu, checked again as it is read: anything that is not a well-formed, safe menu is
 * the default (a hand-edited or damaged row never breaks every page, nor puts an unsafe link on it).
 */
export function navigationFrom(stored: unknown): Navigation {
  const value = stored as Partial<Record<MenuName, unknown>> | null;
  return {
    header: menuFrom("header", value?.header) ?? DEFAULT_NAVIGATION.header,
    footer: menuFrom("footer", value?.footer) ?? DEFAULT_NAVIGATION.footer,
  };
}

function menuFrom(menu: MenuName, stored: unknown): NavItem[] | null {
  if (!Array.isArray(stored)) return null;
  const rows: NavRow[] = [];
  for (const item of stored) {
    if (typeof item?.label !== "string" || typeof item?.href !== "string") return null;
    rows.push({ label: item.label, href: item.href, child: false });
    const children: unknown = item.children ?? [];
    if (!Array.isArray(children)) return null;
    for (const c of children) {
      if (typeof c?.label !== "string" || typeof c?.href !== "string") return null;
      rows.push({ label: c.label, href: c.href, child: true });
    }
  }
  const read = itemsOf(menu, rows);
  return "items" in read ? read.items : null;
}

/** The editor's rows from its repeated fields (a missing cell reads as empty; the footer has no levels). */
export function rowsFromColumns(labels: string[], links: string[], children?: boolean[]): NavRow[] {
  const count = Math.max(labels.length, links.length);
  return Array.from({ length: count }, (_, i) => ({
    label: labels[i] ?? "",
    href: links[i] ?? "",
    child: children?.[i] ?? false,
  }));
}

/** A button of the editor: `save`, or a move of a row of a menu (`up:header:3`, `add:footer`). */
export function parseNavOp(op: string): "save" | { menu: MenuName; move: RowMove } | null {
  if (op === "save") return "save";
  const [kind, menu, index] = op.split(":");
  if (menu !== "header" && menu !== "footer") return null;
  if (kind === "add") return { menu, move: { kind } };
  if ((kind === "remove" || kind === "up" || kind === "down") && index !== undefined && /^\d+$/.test(index))
    return { menu, move: { kind, index: Number(index) } };
  return null;
}
