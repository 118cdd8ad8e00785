import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { NAV_LEVELS, NAVIGATION_FIELDS } from "#app/forms/navigation.fields.ts";
import {
  MAX_ROWS,
  type MenuName,
  type MenuProblems,
  moveRow,
  NAV_LIMITS,
  type NavRow,
  type RowMove,
} from "#app/lib/navigation.ts";
import { buttonPrimary, buttonSecondary } from "./ui.tsx";
import { UnsavedChanges } from "./unsaved-changes.tsx";

/** A row in the browser: its fields and a key that follows it as it moves. */
type KeyedRow = NavRow & { key: number };

const MENU_TITLES: Record<MenuName, string> = { header: "Header", footer: "Footer" };

const smallButton =
  "rounded-full px-3 py-1.5 text-sm font-semibold ring-1 ring-ink-900/15 hover:bg-sand-100 disabled:opacity-40";
const input =
  "mt-1 block w-full rounded-xl border border-ink-900/15 bg-white px-3 py-2 text-base focus:border-sea-600 focus:ring-2 focus:ring-sea-600/30 focus:outline-none aria-[invalid=true]:border-coral-600";

/**
 * The two menus' rows in one form. Every button is a real submit (`op`), so the editor works
 * before (or without) JavaScript; once it runs, moves happen in place with the same rule
 * (`moveRow`) the server applies, and only Save posts.
 */
export function NavigationEditor({
  rows,
  version,
  problems,
}: {
  rows: Record<MenuName, NavRow[]>;
  version: number;
  problems?: Partial<Record<MenuName, MenuProblems>>;
}) {
  const nextKey = useRef(0);
  const keyed = (list: NavRow[]) => list.map((row) => ({ ...row, key: nextKey.current++ }));
  const [menus, setMenus] = useState(() => ({ header: keyed(rows.header), footer: keyed(rows.footer) }));
  const saving = useNavigation().state === "submitting";

  const move = (menu: MenuName, how: RowMove) =>
    setMenus((current) => {
      const moved = moveRow(current[menu], how) as KeyedRow[];
      // An added row is the one without a key yet.
      return {
        ...current,
        [menu]: moved.map((r) => (r.key === undefined ? { ...r, key: nextKey.current++ } : r)),
      };
    });
  const edit = (menu: MenuName, index: number, change: Partial<NavRow>) =>
    setMenus((current) => ({
      ...current,
      [menu]: current[menu].map((r, i) => (i === index ? { ...r, ...change } : r)),
    }));

  return (
    <Form method="post" className="space-y-8">
      <UnsavedChanges />
      <input type="hidden" name={NAVIGATION_FIELDS.version.name} value={version} />
      {(["header", "footer"] as const).map((menu) => (
        <MenuSection
          key={menu}
          menu={menu}
          rows={menus[menu]}
          problems={problems?.[menu]}
          onMove={(how) => move(menu, how)}
          onEdit={(index, change) => edit(menu, index, change)}
        />
      ))}
      <div className="flex justify-end">
        <button
          type="submit"
          name={NAVIGATION_FIELDS.op.name}
          value="save"
          className={buttonPrimary}
          disabled={saving}
        >
          {saving ? "Saving…" : "Save"}
        </button>
      </div>
    </Form>
  );
}

function MenuSection({
  menu,
  rows,
  problems,
  onMove,
  onEdit,
}: {
  menu: MenuName;
  rows: KeyedRow[];
  problems?: MenuProblems;
  onMove(how: RowMove): void;
  onEdit(index: number, change: Partial<NavRow>): void;
}) {
  const title = MENU_TITLES[menu];
  const headingId = `${menu}-menu-heading`;
  const names =
    menu === "header"
      ? { label: NAVIGATION_FIELDS.headerLabel.name, link: NAVIGATION_FIELDS.headerLink.name }
      : { label: NAVIGATION_FIELDS.footerLabel.name, link: NAVIGATION_FIELDS.footerLink.name };
  const full = rows.length >= MAX_ROWS[menu] - 1;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5"
      data-testid={`${menu}-menu`}
    >
      <h2 id={headingId} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        {menu === "header"
          ? `At most ${NAV_LIMITS.header} items, each with up to ${NAV_LIMITS.children} sub-items.`
          : `At most ${NAV_LIMITS.footer} items.`}
      </p>
      {problems?.menu && (
        <p role="alert" className="mt-3 rounded-xl bg-coral-50 px-4 py-2 font-medium text-coral-700">
          {problems.menu}
        </p>
      )}
      {rows.length === 0 && <p className="mt-4 text-ink-700">No items: this menu is not shown.</p>}
      <ol className="mt-4 space-y-3">
        {rows.map((row, index) => (
          <MenuRow
            key={row.key}
            menu={menu}
            row={row}
            index={index}
            last={index === rows.length - 1}
            names={names}
            found={problems?.rows[index]}
            onMove={onMove}
            onEdit={onEdit}
          />
        ))}
      </ol>
      <button
        type="submit"
        name={NAVIGATION_FIELDS.op.name}
        value={`add:${menu}`}
        disabled={full}
        className={`${buttonSecondary} mt-4`}
        onClick={(e) => {
          e.preventDefault();
          onMove({ kind: "add" });
        }}
      >
        Add item to the {title.toLowerCase()}
      </button>
    </section>
  );
}

/** One item of a menu: its label and link, its level (header), and the buttons that move or remove it. */
function MenuRow({
  menu,
  row,
  index,
  last,
  names,
  found,
  onMove,
  onEdit,
}: {
  menu: MenuName;
  row: KeyedRow;
  index: number;
  last: boolean;
  /** The form field names of the label and the link in this menu. */
  names: { label: string; link: string };
  /** What is wrong with this item, if the last save was refused. */
  found?: MenuProblems["rows"][number];
  onMove(how: RowMove): void;
  onEdit(index: number, change: Partial<NavRow>): void;
}) {
  const title = MENU_TITLES[menu];
  const n = `${title} item ${index + 1}`;
  const id = `${menu}-${row.key}`;
  const button = (op: string, label: string, text: string, disabled: boolean, how: RowMove) => (
    <button
      type="submit"
      name={NAVIGATION_FIELDS.op.name}
      value={op}
      aria-label={label}
      disabled={disabled}
      className={smallButton}
      onClick={(e) => {
        e.preventDefault();
        onMove(how);
      }}
    >
      {text}
    </button>
  );
  const first = index === 0;
  return (
    <li
      className={`rounded-xl p-3 ring-1 ring-ink-900/10 ${row.child ? "ml-8 bg-sand-50" : ""}`}
      data-testid={`${menu}-row`}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_1.5fr]">
        <div>
          <label htmlFor={`${id}-label`} className="text-sm font-medium">
            <span className="sr-only">{n}: </span>
            {NAVIGATION_FIELDS.headerLabel.label}
          </label>
          <input
            id={`${id}-label`}
            name={names.label}
            value={row.label}
            maxLength={NAV_LIMITS.label}
            onChange={(e) => onEdit(index, { label: e.currentTarget.value })}
            aria-invalid={found?.label ? true : undefined}
            aria-describedby={found?.label ? `${id}-label-error` : undefined}
            className={input}
          />
          {found?.label && (
            <p id={`${id}-label-error`} className="mt-1 text-sm font-medium text-coral-600">
              {found.label}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-link`} className="text-sm font-medium">
            <span className="sr-only">{n}: </span>
            {NAVIGATION_FIELDS.headerLink.label}
          </label>
          <input
            id={`${id}-link`}
            name={names.link}
            value={row.href}
            maxLength={NAV_LIMITS.href}
            placeholder="/about or https://…"
            onChange={(e) => onEdit(index, { href: e.currentTarget.value })}
            aria-invalid={found?.href ? true : undefined}
            aria-describedby={found?.href ? `${id}-link-error` : undefined}
            className={input}
          />
          {found?.href && (
            <p id={`${id}-link-error`} className="mt-1 text-sm font-medium text-coral-600">
              {found.href}
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {menu === "header" && (
          <LevelSelect
            label={`${n}: level`}
            child={row.child}
            invalid={Boolean(found?.child)}
            onChange={(child) => onEdit(index, { child })}
          />
        )}
        {button(`up:${menu}:${index}`, `Move up: ${n}`, "Move up", first, { kind: "up", index })}
        {button(`down:${menu}:${index}`, `Move down: ${n}`, "Move down", last, {
          kind: "down",
          index,
        })}
        {button(`remove:${menu}:${index}`, `Remove: ${n}`, "Remove", false, {
          kind: "remove",
          index,
        })}
        {found?.child && <p className="text-sm font-medium text-coral-600">{found.child}</p>}
      </div>
    </li>
  );
}

/** A header item's level: top-level, or a sub-item of the item above. */
function LevelSelect({
  label,
  child,
  invalid,
  onChange,
}: {
  label: string;
  child: boolean;
  invalid: boolean;
  onChange(child: boolean): void;
}) {
  return (
    <label className="mr-2 inline-flex items-center gap-2 text-sm">
      <span className="sr-only">{label}</span>
      <select
        name={NAVIGATION_FIELDS.headerLevel.name}
        value={child ? NAV_LEVELS.child : NAV_LEVELS.top}
        onChange={(e) => onChange(e.currentTarget.value === NAV_LEVELS.child)}
        aria-invalid={invalid ? true : undefined}
        className="rounded-lg border border-ink-900/15 bg-white px-2 py-1.5"
      >
        <option value={NAV_LEVELS.top}>Top-level item</option>
        <option value={NAV_LEVELS.child}>Sub-item of the item above</option>
      </select>
    </label>
  );
}
