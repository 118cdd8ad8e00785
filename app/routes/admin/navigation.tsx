import { data, useActionData, useLoaderData } from "react-router";
import { NavigationEditor } from "#app/components/admin/navigation-editor.tsx";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { PageHeader } from "#app/components/admin/ui.tsx";
import { navigationForm } from "#app/forms/navigation.ts";
import {
  itemsOf,
  type MenuName,
  type MenuProblems,
  moveRow,
  NAV_MESSAGES,
  type NavRow,
  parseNavOp,
  rowsFromColumns,
  rowsOf,
} from "#app/lib/navigation.ts";
import { toast } from "#app/lib/toast.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { explained, writeFailure } from "#app/server/http/admin-result.server.ts";
import { adminFormRefused, readForm } from "#app/server/http/forms.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import { getNavigation, NavigationConflict, saveNavigation } from "#app/server/models/navigation.server.ts";
import type { Route } from "./+types/navigation";

/**
 * /admin/navigation: the header and footer menus. Each row has a label and a link; a header row
 * may sit under the item above it (one level). Add, Remove, Move up and Move down work without
 * JavaScript (each is a post that answers the edited, unsaved rows); with it they happen in place.
 * Save checks every row and answers "Navigation saved", or each row's problem and writes nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const { navigation, version } = await getNavigation(db);
  return { rows: { header: rowsOf(navigation.header), footer: rowsOf(navigation.footer) }, version };
}

/** The editor's rows and each row's problem: what every answer but a save carries. */
type Draft = { header: NavRow[]; footer: NavRow[] };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const read = await readForm(request, navigationForm);
  if (!read.ok) return adminFormRefused(read);
  const post = read.data;
  const draft: Draft = {
    header: rowsFromColumns(
      post.headerLabel,
      post.headerLink,
      post.headerLevel.map((level) => level === "child"),
    ),
    footer: rowsFromColumns(post.footerLabel, post.footerLink),
  };
  const op = parseNavOp(post.op);
  const version = post.version;
  if (op === null)
    return data({ ok: false, toast: toast("error", "Unknown action."), draft, version }, { status: 400 });
  if (op !== "save") {
    draft[op.menu] = moveRow(draft[op.menu], op.move);
    return { ok: true, draft, version };
  }
  const header = itemsOf("header", draft.header);
  const footer = itemsOf("footer", draft.footer);
  if ("problems" in header || "problems" in footer) {
    const problems: Partial<Record<MenuName, MenuProblems>> = {
      ...("problems" in header ? { header: header.problems } : {}),
      ...("problems" in footer ? { footer: footer.problems } : {}),
    };
    return data(
      {
        ok: false,
        toast: toast("error", `${NAV_MESSAGES.saveFailed}: ${firstProblem(problems)}`),
        draft,
        version,
        problems,
      },
      { status: 400 },
    );
  }
  try {
    await saveNavigation(
      db,
      adminActor(admin, context),
      { header: header.items, footer: footer.items },
      version,
    );
  } catch (error) {
    if (error instanceof NavigationConflict)
      return data(
        { ok: false, toast: toast("error", NAV_MESSAGES.conflict), draft, version },
        { status: 409 },
      );
    const { status, because } = writeFailure(error, "Saving the navigation");
    const message = explained(`${NAV_MESSAGES.saveFailed}: please try again.`, because);
    return data({ ok: false, toast: toast("error", message), draft, version }, { status });
  }
  return redirectWithToast(request, "/admin/navigation", "success", NAV_MESSAGES.saved);
}

/** The first problem in words, for the toast. */
function firstProblem(problems: Partial<Record<MenuName, MenuProblems>>): string {
  for (const menu of ["header", "footer"] as const) {
    const found = problems[menu];
    if (!found) continue;
    if (found.menu) return found.menu;
    const [index, row] = Object.entries(found.rows)[0] ?? [];
    const message = row?.label ?? row?.href ?? row?.child;
    if (message) return `${menu === "header" ? "Header" : "Footer"} item ${Number(index) + 1}: ${message}`;
  }
  return "";
}

export default function NavigationScreen() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useShowToast(result && "toast" in result ? result.toast : undefined);
  const draft = result && "draft" in result ? result.draft : undefined;
  // An unsaved draft keeps the version it was edited from: a save from it must still see a conflict.
  const version = result && "version" in result ? result.version : loaded.version;
  const problems =
    result && "problems" in result ? (result.problems as Partial<Record<MenuName, MenuProblems>>) : undefined;
  return (
    <div className="max-w-4xl">
      <PageHeader title="Navigation" />
      <p className="mb-6 text-ink-700">
        The menus of every public page. A link is a path of this site (such as <code>/about</code>) or an{" "}
        <code>https://</code> address. A header item may hold sub-items: a dropdown on wide screens, nested in
        the phone menu.
      </p>
      <NavigationEditor
        // A save (a new version) or an answered move starts the editor again from what the server holds.
        key={`${version}:${draft ? JSON.stringify(draft) : ""}`}
        rows={draft ?? loaded.rows}
        version={version}
        problems={problems}
      />
    </div>
  );
}
