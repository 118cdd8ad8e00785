import { Link, useFetcher, useLoaderData } from "react-router";
import { useShowToast } from "#app/components/admin/toaster.tsx";
import { AdminTable, EmptyState, PageHeader } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { ADMIN_ACTION_MESSAGES } from "#app/forms/admin-actions.fields.ts";
import { contactActions } from "#app/forms/admin-actions.ts";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { adminActor } from "#app/server/http/actor.server.ts";
import { adminFail, adminOk, adminWriteFailed } from "#app/server/http/admin-result.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { loadOrFail } from "#app/server/http/load-failure.server.ts";
import {
  type ContactBox,
  type ContactListItem,
  countContactsByBox,
  listContactsPage,
  markContactSpam,
  parseContactBox,
} from "#app/server/models/contacts.server.ts";
import type { Route } from "./+types/manage-contacts";

export const CONTACTS_LOAD_FAILED = "Failed to load messages.";
const MESSAGE_UPDATE_FAILED = ADMIN_ACTION_MESSAGES.messageUpdateFailed;

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const query = new URL(request.url).searchParams;
  const page = Number(query.get("page") ?? "1");
  const box = parseContactBox(query.get("box"));
  const [messages, counts] = await loadOrFail(
    { heading: "Customer Messages", message: CONTACTS_LOAD_FAILED },
    () => Promise.all([listContactsPage(db, page, undefined, box), countContactsByBox(db)]),
  );
  return { box, messages, counts };
}

/** Spam moves a message to the Spam box; Not spam back to the inbox. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, admin } = await requireAdminRequest(request);
  const form = await readForm(request, contactActions);
  if (!form.ok) return adminFail(form.status, MESSAGE_UPDATE_FAILED);
  const { id, intent } = form.data;
  let moved: boolean | null;
  try {
    moved = await markContactSpam(db, adminActor(admin, context), id, intent === "spam");
  } catch (err) {
    return adminWriteFailed(err, "admin contacts: update failed", MESSAGE_UPDATE_FAILED);
  }
  if (moved === null) return adminFail(404, MESSAGE_UPDATE_FAILED);
  return adminOk(moved ? "Message moved to Spam" : "Message moved to the inbox");
}

export const meta: Route.MetaFunction = () => [
  { title: "Customer Messages | Admin" },
  { name: "robots", content: "noindex" },
];

const BOXES: { box: ContactBox; label: string }[] = [
  { box: "inbox", label: "Inbox" },
  { box: "spam", label: "Spam" },
];

export default function ManageContacts() {
  const { box, messages, counts } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Customer Messages">
        <nav aria-label="Message boxes">
          <ul className="flex flex-wrap rounded-3xl bg-white p-1 ring-1 ring-ink-900/10">
            {BOXES.map((b) => (
              <li key={b.box}>
                <Link
                  to={b.box === "inbox" ? "/admin/manage-contacts" : "/admin/manage-contacts?box=spam"}
                  aria-current={b.box === box ? "page" : undefined}
                  className={`inline-flex items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold ${b.box === box ? "bg-ink-900 text-white" : "text-ink-700 hover:bg-sand-100"}`}
                >
                  {b.label}
                  <span className="tabular-nums opacity-75">({counts[b.box]})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      {messages.items.length === 0 ? (
        <EmptyState>
          {box === "spam" ? "No spam. Messages the spam score holds back appear here." : "No messages found."}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-700">
            {messages.total === 1 ? "1 message" : `${messages.total} messages`}, newest first.
          </p>
          <AdminTable
            headings={["Name", "Email", "Phone", "Message", "Date", { hidden: "Actions" }]}
            widths={["w-[15%]", "w-[18%]", "w-[12%]", undefined, "w-[13%]", "w-[9rem]"]}
          >
            {messages.items.map((m) => (
              <MessageRow key={m.id} message={m} box={box} />
            ))}
          </AdminTable>
          <Pagination
            page={messages.page}
            pageCount={messages.pageCount}
            basePath="/admin/manage-contacts"
            query={box === "spam" ? "box=spam" : ""}
          />
        </>
      )}
    </div>
  );
}

function MessageRow({ message: m, box }: { message: ContactListItem; box: ContactBox }) {
  const fetcher = useFetcher<typeof action>();
  useShowToast(fetcher.data?.toast);
  const name = [m.first.trim(), m.last.trim()].filter(Boolean).join(" ");
  return (
    <tr className="align-top">
      <td className="px-4 py-3 font-medium wrap-break-word">{name || "N/A"}</td>
      <td className="px-4 py-3 wrap-anywhere">
        <a href={`mailto:${m.email}`} className="text-sea-700 hover:underline">
          {m.email}
        </a>
      </td>
      <td className="px-4 py-3 break-words">{m.phone.trim() || "-"}</td>
      <td className="px-4 py-3 break-words whitespace-pre-line">
        {m.message}
        {m.spamReasons.length > 0 && (
          <span className="mt-2 block text-sm text-ink-700">
            Why it looks like spam: {m.spamReasons.join("; ")}
          </span>
        )}
      </td>
      <td className="px-4 py-3 text-sm">
        <LocalTime seconds={m.createdAt} withTime />
      </td>
      <td className="px-4 py-3">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={box === "spam" ? "not-spam" : "spam"} />
          <input type="hidden" name="id" value={m.id} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="inline-flex items-center rounded-full bg-white px-4 py-2 text-sm font-semibold whitespace-nowrap ring-1 ring-ink-900/15 hover:bg-sand-100 disabled:opacity-60"
          >
            {box === "spam" ? "Not spam" : "Spam"}
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}
