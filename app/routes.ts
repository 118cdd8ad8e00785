import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every URL of the site and the module that answers it. Module files are named for their URL:
 * a folder per path segment, `index` for the segment itself, `$name` for a parameter.
 */
export default [
  layout("routes/public-layout.tsx", [
    index("routes/index.tsx"),
    route("destinations", "routes/destinations/index.tsx"),
    route("destinations/:spotname", "routes/destinations/$spotname.tsx"),
    route("blogs", "routes/blogs/index.tsx"),
    route("blogs/:slug", "routes/blogs/$slug.tsx"),
    route("blogs/category/:slug", "routes/blogs/category/$slug.tsx"),
    route("recipes", "routes/recipes/index.tsx"),
    route("recipes/:slug", "routes/recipes/$slug.tsx"),
    route("favorites", "routes/favorites.tsx"),
    route("search", "routes/search.tsx"),
    route("contact", "routes/contact.tsx"),
    route("signup", "routes/signup.tsx"),
    route("signup/confirm", "routes/signup/confirm.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
    // The four static pages share one module; the route id says which page it renders.
    route("about", "routes/static-page.tsx", { id: "about" }),
    route("disclaimer", "routes/static-page.tsx", { id: "disclaimer" }),
    route("privacy-policy", "routes/static-page.tsx", { id: "privacy-policy" }),
    route("terms-and-condition", "routes/static-page.tsx", { id: "terms-and-condition" }),
    // An admin's preview of a blog or recipe, inside the public layout to look exactly as readers
    // will see it; the modules check the admin session themselves.
    route("admin/preview/blog/:id", "routes/admin/preview/blog/$id.tsx"),
    route("admin/preview/recipe/:id", "routes/admin/preview/recipe/$id.tsx"),
    route("admin/preview/page/:id", "routes/admin/preview/page/$id.tsx"),
    // An owner's page (/admin/pages); any other one-segment path is answered as not found there.
    route(":slug", "routes/$slug.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The admin login has no top bar or side menu; every other admin screen uses the admin layout.
  route("admin", "routes/admin/index.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/reset-password", "routes/admin/reset-password.tsx"),
  route("admin/manage-users/subscribers.csv", "routes/admin/manage-users/subscribers.csv.ts"),
  route("admin/autosave", "routes/admin/autosave.ts"),
  route("admin/media/library", "routes/admin/media/library.ts"),
  route("admin/import/progress", "routes/admin/import/progress.ts"),
  route("admin/export", "routes/admin/export.ts"),
  layout("routes/admin/layout.tsx", [
    // The dashboard is the blog list under its own title: one module, two URLs.
    route("admin/dashboard", "routes/admin/blog/index.tsx", { id: "admin-dashboard" }),
    route("admin/blog", "routes/admin/blog/index.tsx", { id: "admin-blog" }),
    route("admin/blog/edit", "routes/admin/blog/edit.tsx"),
    route("admin/blog/:name", "routes/admin/blog/$name.tsx"),
    route("admin/categories", "routes/admin/categories.tsx"),
    route("admin/manage-users", "routes/admin/manage-users.tsx"),
    route("admin/manage-contacts", "routes/admin/manage-contacts.tsx"),
    route("admin/manage-comments", "routes/admin/manage-comments.tsx"),
    route("admin/manage-recipe", "routes/admin/manage-recipe/index.tsx"),
    route("admin/manage-recipe/edit", "routes/admin/manage-recipe/edit.tsx"),
    route("admin/pages", "routes/admin/pages/index.tsx"),
    route("admin/pages/new", "routes/admin/pages/new.tsx"),
    route("admin/pages/edit", "routes/admin/pages/edit.tsx"),
    route("admin/destinations", "routes/admin/destinations/index.tsx"),
    route("admin/destinations/new", "routes/admin/destinations/new.tsx"),
    route("admin/destinations/edit", "routes/admin/destinations/edit.tsx"),
    route("admin/navigation", "routes/admin/navigation.tsx"),
    route("admin/design", "routes/admin/design/index.tsx"),
    route("admin/design/logo", "routes/admin/design/logo.ts"),
    route("admin/design/icon", "routes/admin/design/icon.ts"),
    route("admin/design/home-image", "routes/admin/design/home-image.ts"),
    route("admin/settings", "routes/admin/settings.tsx"),
    // The account screen; each of its forms posts to an address of its own (routes/admin/account/).
    route("admin/account", "routes/admin/account/index.tsx"),
    route("admin/account/details", "routes/admin/account/details.tsx"),
    route("admin/account/password", "routes/admin/account/password.tsx"),
    route("admin/account/two-step/start", "routes/admin/account/two-step/start.tsx"),
    route("admin/account/two-step/cancel", "routes/admin/account/two-step/cancel.tsx"),
    route("admin/account/two-step/confirm", "routes/admin/account/two-step/confirm.tsx"),
    route("admin/account/two-step/disable", "routes/admin/account/two-step/disable.tsx"),
    route("admin/account/two-step/recovery-codes", "routes/admin/account/two-step/recovery-codes.tsx"),
    route("admin/account/devices/sign-out", "routes/admin/account/devices/sign-out.tsx"),
    route("admin/account/devices/sign-out-others", "routes/admin/account/devices/sign-out-others.tsx"),
    route("admin/media", "routes/admin/media.tsx"),
    // The import screen; each of its forms posts to an address of its own (routes/admin/import/).
    route("admin/import", "routes/admin/import/index.tsx"),
    route("admin/import/upload", "routes/admin/import/upload.tsx"),
    route("admin/import/start", "routes/admin/import/start.tsx"),
    route("admin/import/discard", "routes/admin/import/discard.tsx"),
    // The newsletter screen; each of its forms posts to an address of its own (routes/admin/newsletter/).
    route("admin/newsletter", "routes/admin/newsletter/index.tsx"),
    route("admin/newsletter/send-test", "routes/admin/newsletter/send-test.tsx"),
    route("admin/newsletter/resend", "routes/admin/newsletter/resend.tsx"),
    route("admin/newsletter/settings", "routes/admin/newsletter/settings.tsx"),
    route("admin/activity", "routes/admin/activity.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  // The recipe card alone, for paper: outside the public layout (no header or footer).
  route("recipes/:slug/print", "routes/recipes/print.tsx"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("blogs/category/:slug/rss.xml", "routes/blogs/category/$slug/rss.xml.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("sitemaps/pages.xml", "routes/sitemaps/pages.xml.ts"),
  route("sitemaps/categories.xml", "routes/sitemaps/categories.xml.ts"),
  route("sitemaps/blogs/:page", "routes/sitemaps/blogs/$page.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  // The land of the map of /destinations, drawn on the server (decision 026).
  route("maps/world.svg", "routes/maps/world-map.ts"),
] satisfies RouteConfig;
