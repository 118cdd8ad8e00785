import { Link } from "react-router";
import { AdminToaster } from "./toaster.tsx";

/**
 * The card the sign-in screens share (login, password reset): brand on top, no admin menus.
 * `toaster`: the screen shows toasts (the login screen's, after a logout or a new password).
 */
export function AuthCard({
  title,
  toaster = false,
  children,
}: {
  title: string;
  toaster?: boolean;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink-900 px-4 py-12">
      {toaster && <AdminToaster />}
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <p className="flex items-center gap-2 font-serif text-2xl font-semibold">
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" /> Wanderplate
        </p>
        <p className="mt-1 text-sm font-semibold tracking-wider text-ink-700 uppercase">Travel blog admin</p>
        <h1 className="mt-6 font-serif text-3xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The way back from the password-reset screens to the login screen, at the card's foot. */
export function BackToLogin() {
  return (
    <p className="mt-6 text-sm">
      <Link to="/admin/login" className="font-semibold text-sea-700 hover:underline">
        Back to login
      </Link>
    </p>
  );
}
