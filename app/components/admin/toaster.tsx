import { useEffect } from "react";
import { toast as showToast, Toaster } from "sonner";
import type { Toast } from "#app/lib/toast.ts";

/** Toasts top-right, light theme, closing after 2000 ms. */
export function AdminToaster() {
  return <Toaster position="top-right" theme="light" duration={2000} richColors closeButton />;
}

/** Shows a toast carried by loader or action data, once per toast id. */
export function useShowToast(t: Toast | null | undefined) {
  useEffect(() => {
    if (!t) return;
    const show = t.type === "error" ? showToast.error : t.type === "success" ? showToast.success : showToast;
    show(t.message, { id: t.id });
  }, [t]);
}
