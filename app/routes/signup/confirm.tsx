import { data, useLoaderData } from "react-router";
import { PageHero } from "#app/components/page-hero.tsx";
import { SiteLink } from "#app/components/site-link.tsx";
import { siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { mailEnabled } from "#app/server/mail/notifications.server.ts";
import { confirmSubscription } from "#app/server/mail/subscriptions.server.ts";
import type { Route } from "./+types/confirm";

export const SIGNUP_CONFIRMED = "Your sign-up is confirmed. Welcome aboard!";
export const CONFIRM_LINK_INVALID = "This confirmation link has expired or was already used.";

/** The link of the confirmation mail: following it confirms (the token is single-use). */
export async function loader({ request }: Route.LoaderArgs) {
  if (!mailEnabled()) throw data(null, { status: 404 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = await confirmSubscription(await getDb(), token);
  return data({ confirmed }, { status: confirmed ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Confirm your sign-up", siteNameOf(matches)) },
  { name: "robots", content: "noindex" },
];

export default function ConfirmSignup() {
  const { confirmed } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-[60vh]">
      <PageHero title="Confirm your sign-up" eyebrow="Sign up" />
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <p role="status" className="rounded-xl bg-sea-600/10 px-4 py-3 text-lg font-medium text-sea-800">
          {confirmed ? SIGNUP_CONFIRMED : CONFIRM_LINK_INVALID}
        </p>
        <p className="mt-6">
          <SiteLink to="/" className="font-semibold text-sea-700 hover:underline">
            Back to the home page
          </SiteLink>
        </p>
      </div>
    </div>
  );
}
