import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** The spinner shows for at least 200 ms, so a quick answer does not flash it. */
const SPINNER_MS = 200;

function Ring({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-2 shadow-lg">
      <span
        className="size-5 animate-spin rounded-full border-2 border-sea-600 border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A spinner at start (200 ms, hidden by CSS so it needs no script and never hides
 * content) and while the next page's code and data load, shown for at least 200 ms.
 */
export function PageSpinners() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (loading) {
      setVisible(true);
      return;
    }
    const t = setTimeout(() => setVisible(false), SPINNER_MS);
    return () => clearTimeout(t);
  }, [loading]);

  return (
    <>
      <div className="boot-spinner pointer-events-none fixed right-4 bottom-4 z-50">
        <Ring label="Loading" />
      </div>
      {visible && (
        <div className="pointer-events-none fixed right-4 bottom-4 z-50" data-testid="navigation-spinner">
          <Ring label="Loading page" />
        </div>
      )}
    </>
  );
}
