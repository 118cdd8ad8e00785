import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** The route table of the specification (§2), plus recipes (DESIGN §3.8) and feeds. */
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("destinations", "routes/destinations.tsx"),
    route("destinations/:spotname", "routes/destination.tsx"),
    route("blogs", "routes/blogs.tsx"),
    route("blogs/:slug", "routes/blog.tsx"),
    route("recipes", "routes/recipes.tsx"),
    route("recipes/:slug", "routes/recipe.tsx"),
    route("favorites", "routes/favorites.tsx"),
    route("contact", "routes/contact.tsx"),
    route("signup", "routes/signup.tsx"),
    route("about", "routes/static-page.tsx", { id: "about" }),
    route("disclaimer", "routes/static-page.tsx", { id: "disclaimer" }),
    route("privacy-policy", "routes/static-page.tsx", { id: "privacy-policy" }),
    route("terms-and-condition", "routes/static-page.tsx", { id: "terms-and-condition" }),
    route("*", "routes/not-found.tsx"),
  ]),
  // Admin (spec §2): the login has no top bar or side menu; every other screen uses the admin layout.
  route("admin", "routes/admin/index.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin/dashboard", "routes/admin/blogs.tsx", { id: "admin-dashboard" }),
    route("admin/blog", "routes/admin/blogs.tsx", { id: "admin-blog" }),
    route("admin/blog/edit", "routes/admin/blog-edit.tsx"),
    route("admin/blog/:name", "routes/admin/blog-reader.tsx"),
    route("admin/manage-users", "routes/admin/users.tsx"),
    route("admin/manage-contacts", "routes/admin/contacts.tsx"),
    route("admin/manage-comments", "routes/admin/comments.tsx"),
    route("admin/manage-recipe", "routes/admin/recipes.tsx"),
    route("admin/manage-recipe/edit", "routes/admin/recipe-edit.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  route("rss.xml", "routes/rss.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/pages.xml", "routes/sitemap-pages.ts"),
  route("sitemaps/blogs/:page", "routes/sitemap-blogs.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
