import { CloseIcon } from "./icons.tsx";

/**
 * The round X in a dialog's corner (the admin's modals, the sign-up popup), named "Close" for
 * screen readers. `className` places it (absolutely positioned in the popup).
 */
export function DialogCloseButton({ onClick, className }: { onClick(): void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label="Close"
      className={`${className ? `${className} ` : ""}inline-flex size-10 items-center justify-center rounded-full hover:bg-sand-100`}
    >
      <CloseIcon className="size-5" />
    </button>
  );
}
