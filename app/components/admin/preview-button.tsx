import { Link } from "react-router";
import { buttonSecondary } from "./ui.tsx";

/**
 * Preview in the Add and edit forms: posts the form as it stands (unsaved changes included) to
 * `action`, a preview URL, in a new tab. The button's own form attributes do that without
 * JavaScript. With it, React Router's <Form> would take the submit over and fetch it in place,
 * so the click sends the form natively instead (`submit()` fires no submit event), with the
 * preview's target for that one submission.
 */
export function PreviewButton({ action }: { action: string }) {
  return (
    <button
      type="submit"
      formAction={action}
      formMethod="post"
      formEncType="multipart/form-data"
      formTarget="_blank"
      formNoValidate
      className={buttonSecondary}
      onClick={(event) => {
        const form = event.currentTarget.form;
        if (!form) return;
        event.preventDefault();
        const saved = ["action", "method", "enctype", "target"].map(
          (name) => [name, form.getAttribute(name)] as const,
        );
        form.setAttribute("action", action);
        form.setAttribute("method", "post");
        form.setAttribute("enctype", "multipart/form-data");
        form.setAttribute("target", "_blank");
        // The prototype's submit: a field named "submit" would shadow form.submit.
        HTMLFormElement.prototype.submit.call(form);
        for (const [name, value] of saved) {
          if (value === null) form.removeAttribute(name);
          else form.setAttribute(name, value);
        }
      }}
    >
      Preview
    </button>
  );
}

/** Preview on an admin list card: the saved item's preview, in a new tab. */
export function PreviewLink({ to, title }: { to: string; title: string }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      reloadDocument
      className={buttonSecondary}
      aria-label={`Preview ${title}`}
    >
      Preview
    </Link>
  );
}
