import { data, useLoaderData } from "react-router";
import { AdminTable, EmptyState, LoadError, PageHeader } from "#app/components/admin/ui.tsx";
import { LocalTime } from "#app/components/local-time.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import { listContactsPage } from "#app/server/models/contacts.server.ts";
import { log } from "#app/server/telemetry/log.server.ts";
import type { Route } from "./+types/manage-contacts";

export const CONTACTS_LOAD_FAILED = "Failed to load messages.";

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdminRequest(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  try {
    return { messages: await listContactsPage(db, page), error: null };
  } catch (err) {
    log.error({ err: err }, "admin contacts: loading failed");
    return data({ messages: null, error: CONTACTS_LOAD_FAILED }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Customer Messages | Admin" },
  { name: "robots", content: "noindex" },
];

export default function ManageContacts() {
  const { messages, error } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Customer Messages" />
      {error || !messages ? (
        <LoadError>{error ?? CONTACTS_LOAD_FAILED}</LoadError>
      ) : messages.items.length === 0 ? (
        <EmptyState>No messages found.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-700">
            {messages.total === 1 ? "1 message" : `${messages.total} messages`}, newest first.
          </p>
          <AdminTable
            headings={["Name", "Email", "Phone", "Message", "Date"]}
            widths={["w-[16%]", "w-[20%]", "w-[14%]", undefined, "w-[15%]"]}
          >
            {messages.items.map((m) => {
              const name = [m.first.trim(), m.last.trim()].filter(Boolean).join(" ");
              return (
                <tr key={m.id} className="align-top">
                  <td className="px-4 py-3 font-medium wrap-break-word">{name || "N/A"}</td>
                  <td className="px-4 py-3 wrap-anywhere">
                    <a href={`mailto:${m.email}`} className="text-sea-700 hover:underline">
                      {m.email}
                    </a>
                  </td>
                  <td className="px-4 py-3 break-words">{m.phone.trim() || "-"}</td>
                  <td className="px-4 py-3 break-words whitespace-pre-line">{m.message}</td>
                  <td className="px-4 py-3 text-sm">
                    <LocalTime seconds={m.createdAt} withTime />
                  </td>
                </tr>
              );
            })}
          </AdminTable>
          <Pagination page={messages.page} pageCount={messages.pageCount} basePath="/admin/manage-contacts" />
        </>
      )}
    </div>
  );
}
