import { Form, useActionData, useNavigation } from "react-router";
import { PageHero } from "#app/components/page-hero.tsx";
import { CONFIRM_FIRST, SignupFields } from "#app/components/signup-form.tsx";
import { userSchema } from "#app/forms/user.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { pageTitle } from "#app/lib/site.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { publicFormRefused, publicWrite, readForm } from "#app/server/http/forms.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { signUp } from "#app/server/mail/subscriptions.server.ts";
import type { Route } from "./+types/signup";

/** The popup posts here with JavaScript; without it, this page is the same sign-up form. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const checked = await readForm(request, userSchema, {
    publicForm: { db, name: "signup", ip: context.get(requestInfoContext).ip },
  });
  if (!checked.ok) return publicFormRefused(checked);
  const signed = await publicWrite(checked.values, () => signUp(db, checked.data));
  if (!signed.ok) return publicFormRefused(signed.refusal);
  const { confirm } = signed.value;
  // The answer of a sign-up without mail stays exactly what it always was.
  return confirm ? { ok: true as const, confirm } : { ok: true as const };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: pageTitle("Join the travel club", siteNameOf(matches)),
    description: "New destinations, seasonal recipes and slow-travel tips, once a month.",
  }),
  { name: "robots", content: "noindex" },
];

export default function Signup() {
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="min-h-[60vh]">
      <PageHero title="Join the travel club" eyebrow="Sign up">
        New destinations, seasonal recipes and slow-travel tips, once a month.
      </PageHero>
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        {result?.ok ? (
          <div role="status" className="rounded-xl bg-sea-600/10 px-4 py-3 text-lg font-medium text-sea-800">
            <p>Thanks for signing up! Watch your inbox for our next dispatch.</p>
            {"confirm" in result && <p className="mt-2">{CONFIRM_FIRST}</p>}
          </div>
        ) : (
          <Form
            method="post"
            noValidate
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5 sm:p-8"
          >
            <SignupFields
              idPrefix="signup"
              errors={result && !result.ok ? result : undefined}
              submitting={submitting}
            />
          </Form>
        )}
      </div>
    </div>
  );
}
