import { Outlet, type ShouldRevalidateFunctionArgs, useLoaderData } from "react-router";
import { FavoritesProvider } from "#app/components/favorites.tsx";
import { SignupPopup } from "#app/components/signup-popup.tsx";
import { SiteFonts } from "#app/components/site-fonts.tsx";
import { CtaStrip, SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { PageSpinners } from "#app/components/spinner.tsx";
import { cspSourcesOf } from "#app/lib/allowed-hosts.ts";
import { iconKey, logoBox } from "#app/lib/design.ts";
import { uploadSrc } from "#app/lib/images.ts";
import { FALLBACK_BRAND } from "#app/lib/site.ts";
import { getDb } from "#app/server/db/db.server.ts";
import { siteLook } from "#app/server/http/fonts.server.ts";
import { layoutSettings } from "#app/server/http/layout-settings.server.ts";
import { injectedCodeContext, requestInfoContext } from "#app/server/http/request-context.server.ts";
import { uploadsBase } from "#app/server/media/public-uploads.server.ts";
import type { Route } from "./+types/public-layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const { info, numbers, popupEnabled, navigation, theme, words, logo, icon, homeImage, codeInjection } =
    await layoutSettings(db, new URL(request.url).hostname);
  // The owner's code goes into the document as it is rendered (entry.server.tsx), never into the
  // page's data; the hosts it uses into this response's CSP.
  context.get(injectedCodeContext).site = {
    head: codeInjection.header.code,
    foot: codeInjection.footer.code,
  };
  context.get(requestInfoContext).csp.hosts = cspSourcesOf(codeInjection.allowedHosts);
  const uploads = uploadsBase();
  return {
    info,
    numbers,
    popupEnabled,
    navigation,
    words,
    homeImage: homeImage && ({ kind: "upload", id: homeImage.id, base: uploads } as const),
    look: siteLook(theme),
    logo: logo && { src: uploadSrc(logo.id, 480, uploads), ...logoBox(logo), showName: logo.showName },
    icons: icon
      ? { tab: `${uploads}/${iconKey(icon.id, 32)}`, touch: `${uploads}/${iconKey(icon.id, 180)}` }
      : null,
  };
}

/** Site data only changes through forms; plain navigations reuse it. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export default function PublicLayout() {
  const { info, numbers, popupEnabled, navigation, look, logo, icons } = useLoaderData<typeof loader>();
  const siteName = info.name || FALLBACK_BRAND;
  return (
    <FavoritesProvider>
      {/* The owner's colour and fonts (/admin/design), hoisted into the head by React; nothing for
          the default look. */}
      {look.css && (
        <style href="site-theme" precedence="high">
          {look.css}
        </style>
      )}
      {icons ? (
        <>
          <link rel="icon" type="image/png" sizes="32x32" href={icons.tab} />
          <link rel="apple-touch-icon" href={icons.touch} />
        </>
      ) : (
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      )}
      <SiteFonts fonts={look.fonts} />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader siteName={siteName} items={navigation.header} logo={logo} />
      <main id="main">
        <Outlet />
      </main>
      <CtaStrip />
      <SiteFooter info={info} numbers={numbers} links={navigation.footer} />
      <PageSpinners />
      {popupEnabled && <SignupPopup siteName={siteName} />}
    </FavoritesProvider>
  );
}
