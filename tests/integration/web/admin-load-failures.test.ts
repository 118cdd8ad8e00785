/**
 * An admin screen whose reads fail (issue 40, "one error path"), through its loader on both
 * engines: it throws the failure the admin layout's error boundary shows inside the admin frame,
 * status 500 with the screen's heading and the product spec's message, and logs the fault once;
 * the database's own words go to the log, never to the answer. The image picker's page of the
 * library answers `uploads: null` instead, which the picker says in its place, so the editing screen
 * around it stays. (The boundary's page on the built server: http/admin-load-failures.test.ts.)
 */
import { afterEach, expect, it, vi } from "vitest";
import { log } from "#app/server/telemetry/log.server.ts";
import { describeRoutesEachEngine } from "#tests/support/route-harness.ts";

type Loader = { loader: (args: never) => unknown };

/** Each screen, the table its reads need, and what the admin reads when they fail. */
const SCREENS: {
  path: string;
  route: () => Promise<Loader>;
  table: string;
  heading: string;
  message: string;
}[] = [
  {
    path: "/admin/manage-users",
    route: () => import("#app/routes/admin/manage-users.tsx"),
    table: "users",
    heading: "Users",
    message: "Failed to fetch users.",
  },
  {
    path: "/admin/manage-contacts",
    route: () => import("#app/routes/admin/manage-contacts.tsx"),
    table: "contacts",
    heading: "Customer Messages",
    message: "Failed to load messages.",
  },
  {
    path: "/admin/media",
    route: () => import("#app/routes/admin/media.tsx"),
    table: "uploads",
    heading: "Media",
    message: "Failed to load the media library.",
  },
  {
    path: "/admin/settings",
    route: () => import("#app/routes/admin/settings.tsx"),
    table: "site_numbers",
    heading: "Settings",
    message: "Failed to load settings.",
  },
  {
    path: "/admin/categories",
    route: () => import("#app/routes/admin/categories.tsx"),
    table: "blogs",
    heading: "Categories",
    message: "Failed to load categories.",
  },
  {
    path: "/admin/newsletter",
    route: () => import("#app/routes/admin/newsletter/index.tsx"),
    table: "newsletter_sends",
    heading: "Newsletter",
    message: "Failed to load the newsletter.",
  },
  {
    path: "/admin/manage-comments",
    route: () => import("#app/routes/admin/manage-comments.tsx"),
    table: "comments",
    heading: "Comments",
    message: "Failed to load comments.",
  },
  {
    path: "/admin/activity",
    route: () => import("#app/routes/admin/activity.tsx"),
    table: "activity_log",
    heading: "Activity",
    message: "Failed to load the activity log.",
  },
  {
    path: "/admin/manage-recipe",
    route: () => import("#app/routes/admin/manage-recipe/index.tsx"),
    table: "recipes",
    heading: "Recipes",
    message: "Failed to load recipes.",
  },
];

const logged = vi.spyOn(log, "error").mockImplementation(() => {});

afterEach(() => {
  logged.mockClear();
});

describeRoutesEachEngine("admin screens whose reads fail", (h) => {
  /** Runs `run` while `table` cannot be read (renamed away), then puts it back. */
  async function withoutTable<T>(table: string, run: () => Promise<T>): Promise<T> {
    await h.db().schema.alterTable(table).renameTo(`${table}_away`).execute();
    try {
      return await run();
    } finally {
      await h.db().schema.alterTable(`${table}_away`).renameTo(table).execute();
    }
  }

  /** What a loader threw (it must throw). */
  async function thrownBy(answer: Promise<unknown>): Promise<unknown> {
    try {
      await answer;
    } catch (thrown) {
      return thrown;
    }
    throw new Error("the loader answered instead of throwing");
  }

  it.each(SCREENS)(
    "$path: a 500 with the heading $heading and the spec's message, the fault logged once",
    async (screen) => {
      const route = await screen.route();
      // The screen opens while its table is there: the failure below is the table's.
      await expect(h.loader(route, screen.path)).resolves.toBeTruthy();
      logged.mockClear();

      const thrown = await withoutTable(screen.table, () => thrownBy(h.loader(route, screen.path)));
      expect(thrown).toMatchObject({ init: { status: 500 } });
      // Exactly these two texts: nothing of the database's own words.
      expect((thrown as { data: unknown }).data).toEqual({
        heading: screen.heading,
        message: screen.message,
      });
      expect(logged).toHaveBeenCalledTimes(1);
      const [fields] = logged.mock.calls[0] as unknown as [{ err: Error; screen: string }];
      expect(fields.screen).toBe(screen.heading);
      expect(fields.err.message).toContain(screen.table);
    },
  );

  it("the image picker's page of the library says it could not be read, and throws nothing", async () => {
    const picker = await import("#app/routes/admin/media/library.ts");
    const shown = (await h.loader(picker, "/admin/media/library?page=1")) as { uploads: unknown };
    expect(shown.uploads).toMatchObject({ page: 1, items: [] });
    const failed = await withoutTable("uploads", () => h.loader(picker, "/admin/media/library?page=1"));
    expect(failed).toEqual({ uploads: null });
  });
});
