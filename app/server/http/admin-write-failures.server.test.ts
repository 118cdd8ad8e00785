import { redirect, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { DatabaseUnavailableError } from "#app/server/db/health.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import { withAdminWriteFailuresAnswered } from "./admin-write-failures.server.ts";

const diskFull = () =>
  Object.assign(new Error("database or disk is full"), { code: "ERR_SQLITE_ERROR", errcode: 13 });

/** A build with the routes the wrapper must tell apart, each action doing `act`. */
function buildWith(act: () => unknown): ServerBuild {
  const route = (id: string, parentId: string | undefined, withAction = true) => ({
    id,
    parentId,
    path: id,
    module: { default: () => null, ...(withAction && { action: async () => act() }) },
  });
  return {
    routes: {
      root: route("root", undefined),
      "routes/admin/layout": route("routes/admin/layout", "root", false),
      "routes/admin/blog/edit": route("routes/admin/blog/edit", "routes/admin/layout"),
      "routes/admin/login": route("routes/admin/login", "root"),
      "routes/blogs/$slug": route("routes/blogs/$slug", "root"),
    },
  } as unknown as ServerBuild;
}

function run(build: ServerBuild, id: string): Promise<unknown> {
  const action = build.routes[id]?.module.action as ((args: unknown) => Promise<unknown>) | undefined;
  if (!action) throw new Error(`${id} has no action`);
  return action({});
}

/** The wrapped blog editor's answer when its action throws `thrown`. */
const editorAnswerTo = (thrown: unknown) =>
  run(
    withAdminWriteFailuresAnswered(
      buildWith(() => {
        throw thrown;
      }),
    ),
    "routes/admin/blog/edit",
  );

describe("withAdminWriteFailuresAnswered", () => {
  it("answers a back-office screen's write that met a full disk, or no database, with a toast", async () => {
    vi.spyOn(log, "error").mockImplementation(() => {});
    for (const [error, message] of [
      [
        diskFull(),
        "The server's disk is full: nothing was saved. Free some space on the server, then try again.",
      ],
      [
        new DatabaseUnavailableError("SQLite: the database stayed locked for 5000 ms"),
        "The database is not answering: nothing was saved. It usually comes back within a minute; try again then.",
      ],
    ] as const) {
      const answer = await editorAnswerTo(error);
      // What `data(…, { status })` makes: the action's answer and its status.
      expect(answer).toMatchObject({
        init: { status: 503 },
        data: { ok: false, toast: { type: "error", message } },
      });
    }
  });

  it("leaves everything else as it was", async () => {
    const build = buildWith(() => {
      throw diskFull();
    });
    const wrapped = withAdminWriteFailuresAnswered(build);
    // Outside the back office's screens: the sign-in screen, the public site.
    for (const id of ["routes/admin/login", "routes/blogs/$slug", "root"]) {
      expect(wrapped.routes[id]).toBe(build.routes[id]);
      await expect(run(wrapped, id)).rejects.toThrow("database or disk is full");
    }
    expect(wrapped.routes["routes/admin/layout"]).toBe(build.routes["routes/admin/layout"]);
    // Other failures, and what actions throw on purpose, go on as thrown.
    const bug = new TypeError("a bug");
    await expect(editorAnswerTo(bug)).rejects.toBe(bug);
    const moved = redirect("/admin/blog");
    await expect(editorAnswerTo(moved)).rejects.toBe(moved);
    // An action that succeeds answers as before.
    const saved = { ok: true };
    expect(await run(withAdminWriteFailuresAnswered(buildWith(() => saved)), "routes/admin/blog/edit")).toBe(
      saved,
    );
  });
});
