import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { Field, FormError, FormTimer, Honeypot, SubmitButton } from "#app/components/form.tsx";
import { MailIcon, PhoneIcon, PinIcon } from "#app/components/icons.tsx";
import { PageHero } from "#app/components/page-hero.tsx";
import { useSiteContact, useSiteWords } from "#app/components/public-layout-data.ts";
import { TitledSection } from "#app/components/titled-section.tsx";
import { CONTACT_FIELDS } from "#app/forms/contact.fields.ts";
import { contactSchema } from "#app/forms/contact.ts";
import { pageMeta, siteNameOf } from "#app/lib/meta.ts";
import { FALLBACK_EMAIL, FALLBACK_OFFICE, pageTitle } from "#app/lib/site.ts";
import { flagParameter, publicCache } from "#app/server/cache/public-cache.server.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { publicFormRefused, publicWrite, readForm } from "#app/server/http/forms.server.ts";
import { siteOrigin } from "#app/server/http/origin.server.ts";
import { requestInfoContext } from "#app/server/http/request-context.server.ts";
import { addContactNoticed } from "#app/server/mail/notifications.server.ts";
import type { Route } from "./+types/contact";

export const CONTACT_SENT_MESSAGE = "Thank you! Your message has been sent. We'll get back to you soon.";

/** The answer is the same for every visitor: shared from the response cache. */
export const middleware: Route.MiddlewareFunction[] = [publicCache({ query: { sent: flagParameter("1") } })];

/** The site's details and numbers come with the public layout's data (useSiteContact). */
export async function loader({ request }: Route.LoaderArgs) {
  return { url: `${siteOrigin(request)}/contact` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const checked = await readForm(request, contactSchema, {
    publicForm: { db, name: "contact", ip: context.get(requestInfoContext).ip },
  });
  if (!checked.ok) return publicFormRefused(checked);
  const added = await publicWrite(checked.values, () => addContactNoticed(db, checked.data));
  if (!added.ok) return publicFormRefused(added.refusal);
  // Post/Redirect/Get: a reload cannot send the message twice; the landing page is the cached one.
  return redirect("/contact?sent=1", 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: pageTitle("Contact", siteNameOf(matches)),
    description: "Questions, corrections or a trip you'd like help with? Send us a message.",
    url: loaderData?.url,
  });

export default function Contact() {
  const { info, numbers } = useSiteContact();
  const words = useSiteWords().pages.contact;
  const failed = useActionData<typeof action>();
  const sent = useSearchParams()[0].get("sent") === "1";
  const submitting = useNavigation().state === "submitting";
  const email = info.email || FALLBACK_EMAIL;
  const address = [info.address, info.addressCity].filter(Boolean).join(", ") || FALLBACK_OFFICE;

  return (
    <div className="min-h-[60vh]">
      <PageHero title={words.heading} eyebrow={words.eyebrow}>
        {words.intro}
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <TitledSection
          id="contact-form-heading"
          title="Send us a message"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-900/5 sm:p-8"
        >
          {sent ? (
            <p
              role="status"
              className="mt-6 rounded-xl bg-sea-600/10 px-4 py-3 text-lg font-medium text-sea-800"
            >
              {CONTACT_SENT_MESSAGE}
            </p>
          ) : (
            <Form method="post" noValidate className="relative mt-6 space-y-4">
              <FormError message={failed?.formError} />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id="contact-first"
                  field={CONTACT_FIELDS.first}
                  required
                  autoComplete="given-name"
                  errors={failed}
                />
                <Field
                  id="contact-last"
                  field={CONTACT_FIELDS.last}
                  required
                  autoComplete="family-name"
                  errors={failed}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id="contact-email"
                  field={CONTACT_FIELDS.email}
                  type="email"
                  required
                  autoComplete="email"
                  errors={failed}
                />
                <Field
                  id="contact-phone"
                  field={CONTACT_FIELDS.phone}
                  type="tel"
                  autoComplete="tel"
                  errors={failed}
                />
              </div>
              <Field
                id="contact-message"
                field={CONTACT_FIELDS.message}
                required
                multiline
                rows={6}
                errors={failed}
              />
              <Honeypot />
              <FormTimer />
              <SubmitButton submitting={submitting}>Send Message</SubmitButton>
            </Form>
          )}
        </TitledSection>
        <ContactDetails email={email} numbers={numbers} address={address} />
      </div>
    </div>
  );
}

/** The other ways to reach the site: its email, phone numbers and address. */
function ContactDetails({
  email,
  numbers,
  address,
}: {
  email: string;
  numbers: { numberIntl: string; numberLocal: string };
  address: string;
}) {
  return (
    <aside aria-labelledby="contact-details-heading" className="space-y-6">
      <h2 id="contact-details-heading" className="font-serif text-2xl font-semibold">
        Other ways to reach us
      </h2>
      <ul className="space-y-5 text-lg">
        <li className="flex gap-4">
          <MailIcon className="mt-1 size-6 shrink-0 text-sea-700" />
          <div>
            <p className="text-sm font-semibold tracking-wider text-ink-700 uppercase">Email</p>
            <a href={`mailto:${email}`} className="font-medium hover:text-sea-700">
              {email}
            </a>
          </div>
        </li>
        <li className="flex gap-4">
          <PhoneIcon className="mt-1 size-6 shrink-0 text-sea-700" />
          <div>
            <p className="text-sm font-semibold tracking-wider text-ink-700 uppercase">Phone</p>
            <p>
              <a
                href={`tel:${numbers.numberIntl.replace(/[^+\d]/g, "")}`}
                className="font-medium hover:text-sea-700"
              >
                {numbers.numberIntl}
              </a>{" "}
              <span className="text-ink-700">(international)</span>
            </p>
            <p>
              <a
                href={`tel:${numbers.numberLocal.replace(/[^+\d]/g, "")}`}
                className="font-medium hover:text-sea-700"
              >
                {numbers.numberLocal}
              </a>{" "}
              <span className="text-ink-700">(local)</span>
            </p>
          </div>
        </li>
        <li className="flex gap-4">
          <PinIcon className="mt-1 size-6 shrink-0 text-sea-700" />
          <div>
            <p className="text-sm font-semibold tracking-wider text-ink-700 uppercase">Address</p>
            <p className="font-medium">{address}</p>
          </div>
        </li>
      </ul>
    </aside>
  );
}
