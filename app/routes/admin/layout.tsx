import { useEffect } from "react";
import { data, Form, NavLink, Outlet, useLoaderData } from "react-router";
import { Clock } from "#app/components/admin/clock.tsx";
import { preloadRichTextEditor } from "#app/components/admin/rich-text-editor.tsx";
import { AdminToaster, useShowToast } from "#app/components/admin/toaster.tsx";
import { LoadError, PageHeader } from "#app/components/admin/ui.tsx";
import { DocumentErrorPage } from "#app/components/route-error-boundary.tsx";
import { loadFailureOf } from "#app/lib/load-failure.ts";
import { roleAllows } from "#app/lib/roles.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { takeToast } from "#app/server/http/toast.server.ts";
import { countBlogs } from "#app/server/models/blogs.server.ts";
import { countPendingComments } from "#app/server/models/comments.server.ts";
import { countPendingRatings } from "#app/server/models/rating-moderation.server.ts";
import { countRecipes } from "#app/server/models/recipes.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  // The frame is every staff account's; each screen's own loader says who may open it.
  const { db, admin } = await requireAdminRequest(request, "staff");
  const [blogs, recipes, pendingComments, pendingRatings] = await Promise.all([
    countBlogs(db),
    countRecipes(db),
    countPendingComments(db),
    countPendingRatings(db),
  ]);
  // The Comments screen moderates both: its badge counts what awaits there.
  const pending = pendingComments + pendingRatings;
  const { toast, headers } = takeToast(request);
  return data(
    {
      email: admin.email,
      name: admin.name,
      administrator: roleAllows(admin.role, "administrator"),
      counts: { blogs, recipes, pending },
      toast,
    },
    { headers },
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** A screen whose reads failed keeps its own title (its meta is not reached past the boundary). */
export const meta: Route.MetaFunction = ({ error }) => {
  const failure = loadFailureOf(error);
  return [
    { title: failure ? `${failure.heading} | Admin` : "Admin | Wanderplate" },
    { name: "robots", content: "noindex" },
  ];
};

function Badge({ count, label }: { count: number; label: string }) {
  return (
    <span className="ml-auto rounded-full bg-white/15 px-2 py-0.5 text-xs font-bold tabular-nums">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

export default function AdminLayout() {
  const loaded = useLoaderData<typeof loader>();
  // Fetch the blog editor as soon as the back office opens, so it is there before a form is.
  useEffect(() => {
    preloadRichTextEditor().catch(() => {});
  }, []);
  return (
    <AdminFrame {...loaded}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * The one error path of the admin screens. A screen whose reads failed (`loadOrFail`), or that an
 * editor may not open (403, lib/roles.ts), is shown inside the admin frame, under its own heading,
 * with its message; the menu stays, so the admin can go on elsewhere. Anything else (the database down, a refused request, a fault of the layout's own
 * reads, a bug) gets the page the document root gives it.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const failure = loadFailureOf(error);
  if (!failure || !loaderData) return <DocumentErrorPage error={error} />;
  return (
    <AdminFrame {...loaderData}>
      <PageHeader title={failure.heading} />
      <LoadError>{failure.message}</LoadError>
    </AdminFrame>
  );
}

/**
 * A link of the side menu, with a count beside it where one is worth seeing. `staff`: an editor may
 * open it too (its route asks for "staff"; the rest are the administrator's, lib/roles.ts).
 */
interface MenuLink {
  to: string;
  label: string;
  badge?: React.ReactNode;
  staff?: true;
}

/**
 * The side menu: a dozen and more screens, grouped under short headings; each keeps its name. An
 * editor sees the screens it may open, and no heading left empty.
 */
function menuGroups(
  counts: Route.ComponentProps["loaderData"]["counts"],
  administrator: boolean,
): { title: string; links: MenuLink[] }[] {
  return allMenuGroups(counts)
    .map((group) => ({ ...group, links: group.links.filter((link) => administrator || link.staff) }))
    .filter((group) => group.links.length > 0);
}

function allMenuGroups(
  counts: Route.ComponentProps["loaderData"]["counts"],
): { title: string; links: MenuLink[] }[] {
  return [
    {
      title: "Content",
      links: [
        { to: "/admin/dashboard", label: "Dashboard", staff: true },
        {
          to: "/admin/blog",
          label: "Blogs",
          badge: <Badge count={counts.blogs} label="blogs" />,
          staff: true,
        },
        { to: "/admin/categories", label: "Categories", staff: true },
        {
          to: "/admin/manage-recipe",
          label: "Recipe",
          badge: <Badge count={counts.recipes} label="recipes" />,
          staff: true,
        },
        { to: "/admin/pages", label: "Pages" },
        { to: "/admin/destinations", label: "Destinations" },
        { to: "/admin/media", label: "Media", staff: true },
      ],
    },
    {
      title: "Readers",
      links: [
        {
          to: "/admin/manage-comments",
          label: "Comments",
          badge: <Badge count={counts.pending} label="pending" />,
          staff: true,
        },
        { to: "/admin/manage-contacts", label: "Messages" },
        { to: "/admin/manage-users", label: "Users" },
        { to: "/admin/newsletter", label: "Newsletter" },
        { to: "/admin/analytics", label: "Analytics", staff: true },
      ],
    },
    {
      title: "Site",
      links: [
        { to: "/admin/navigation", label: "Navigation" },
        { to: "/admin/design", label: "Design" },
        { to: "/admin/settings", label: "Settings" },
        { to: "/admin/import", label: "Import" },
        { to: "/admin/team", label: "Team" },
        { to: "/admin/activity", label: "Activity" },
      ],
    },
  ];
}

/** The top bar, the side menu and the screen in `children`. */
function AdminFrame({
  email,
  name,
  administrator,
  counts,
  toast,
  children,
}: Route.ComponentProps["loaderData"] & { children: React.ReactNode }) {
  useShowToast(toast);
  const groups = menuGroups(counts, administrator);
  return (
    <div className="min-h-screen bg-sand-50">
      <AdminToaster />
      {/* Top bar 60 px high, side menu 250 px wide; on a phone the menu is a strip under the bar. */}
      <header className="fixed inset-x-0 top-0 z-30 flex h-[60px] items-center justify-between gap-4 bg-ink-900 px-5 text-white">
        <p className="flex min-w-0 items-center gap-2 font-serif text-lg font-semibold sm:text-xl">
          <img src="/favicon.svg" alt="" width="28" height="28" className="size-7" /> Wanderplate Admin
        </p>
        <div className="flex items-center gap-5">
          <span className="hidden sm:inline">
            <Clock />
          </span>
          {/* The way to the account screen (password, two-step sign-in, devices): the owner's name
              (or email) on a wide screen, a short word on a phone. */}
          <NavLink
            to="/admin/account"
            aria-label={`Your account: ${name ? `${name}, ` : ""}${email}`}
            data-testid="admin-account"
            className="rounded-full px-3 py-1.5 text-sm text-white/80 hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
          >
            <span className="hidden sm:inline">{name || email}</span>
            <span className="sm:hidden">Account</span>
          </NavLink>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="rounded-full bg-white/10 px-4 py-1.5 text-sm font-semibold hover:bg-white/20"
            >
              Logout
            </button>
          </Form>
        </div>
      </header>
      <nav
        aria-label="Admin"
        className="fixed inset-x-0 top-[60px] z-20 flex items-center overflow-x-auto bg-ink-700 px-2 py-2 text-white md:right-auto md:bottom-0 md:block md:w-[250px] md:overflow-x-visible md:overflow-y-auto md:p-4"
      >
        <div className="flex gap-1 md:block md:space-y-5">
          {groups.map((group) => (
            <div key={group.title} className="flex gap-1 md:block">
              <p
                id={`admin-menu-${group.title.toLowerCase()}`}
                className="hidden px-3 text-xs font-semibold tracking-wider text-white/70 uppercase md:block"
              >
                {group.title}
              </p>
              <ul
                aria-labelledby={`admin-menu-${group.title.toLowerCase()}`}
                className="flex gap-1 md:mt-1 md:block md:space-y-0.5"
              >
                {group.links.map((l) => (
                  <li key={l.to}>
                    <NavLink
                      to={l.to}
                      className={({ isActive }) =>
                        `flex items-center gap-2 rounded-lg px-3 py-2 font-medium whitespace-nowrap ${isActive ? "bg-white text-ink-900" : "hover:bg-white/10"}`
                      }
                    >
                      {l.label}
                      {l.badge}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <a href="/" className="block px-3 text-sm whitespace-nowrap text-white/70 hover:text-white md:mt-8">
          View site →
        </a>
      </nav>
      <main className="min-h-screen px-4 pt-[136px] pb-16 md:ml-[250px] md:px-8 md:pt-[92px]">
        {children}
      </main>
    </div>
  );
}
