import { data, Form, useActionData, useLoaderData } from "react-router";
import { PageHero } from "#app/components/page-hero.tsx";
import { unsubscribeSchema } from "#app/forms/unsubscribe.ts";
import { siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { readForm } from "#app/server/http/forms.server.ts";
import { findUnsubscribeLink, unsubscribe } from "#app/server/mail/subscriptions.server.ts";
import type { Route } from "./+types/unsubscribe";

export const UNSUBSCRIBED = "You are unsubscribed: you will get no more mail from us.";
export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid.";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The unsubscribe link of every mail to a reader. Opening it only asks (mail scanners open links
 * by themselves); the button, or a mail program's one-click POST to the same URL (RFC 8058),
 * unsubscribes. It works whether or not mail is on, so a link in an old mail keeps working.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findUnsubscribeLink(await getDb(), token);
  return data({ token, link }, { status: link ? 200 : 404, headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, unsubscribeSchema, {
    maxBytes: 4096,
    tooLarge: "The form is too large.",
  });
  if (!form.ok) return data({ ok: false as const }, { status: form.status, headers: NO_STORE });
  const token = form.data.token || (new URL(request.url).searchParams.get("token") ?? "");
  const done = await unsubscribe(await getDb(), token);
  return data({ ok: done }, { status: done ? 200 : 404, headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Unsubscribe", siteNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe() {
  const { token, link } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const status = (text: string) => (
    <p role="status" className="rounded-xl bg-sea-600/10 px-4 py-3 text-lg font-medium text-sea-800">
      {text}
    </p>
  );
  return (
    <div className="min-h-[60vh]">
      <PageHero title="Unsubscribe" />
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        {result ? (
          status(result.ok ? UNSUBSCRIBED : UNSUBSCRIBE_LINK_INVALID)
        ) : !link ? (
          status(UNSUBSCRIBE_LINK_INVALID)
        ) : link.unsubscribed ? (
          status(UNSUBSCRIBED)
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-lg">
              Stop all mail to <strong className="wrap-anywhere">{link.email}</strong>?
            </p>
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              className="inline-flex items-center justify-center rounded-full bg-sea-700 px-6 py-3 font-semibold text-white transition hover:bg-sea-800"
            >
              Unsubscribe
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
