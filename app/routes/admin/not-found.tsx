import { data, Link } from "react-router";
import { requireAdminRequest } from "#app/server/auth/admin-guard.server.ts";
import type { Route } from "./+types/not-found";

/** An unknown /admin path: the admin's own 404 (after the same session check as every admin page). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminRequest(request, "staff");
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="max-w-xl">
      <h1 className="font-serif text-3xl font-semibold">Page not found</h1>
      <p className="mt-3 text-ink-700">There is no admin screen at this address.</p>
      <Link to="/admin/dashboard" className="mt-6 inline-block font-semibold text-sea-700 hover:underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
