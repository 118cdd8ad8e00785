import { useEffect, useRef, useState } from "react";
import { formatDay, formatTimestamp, formatUtc, secondsToDate } from "#app/lib/dates.ts";

/**
 * Runs `callback` once the element has come on screen, in an idle moment. The browser's first Intl
 * formatter costs tens of milliseconds on a phone (it loads locale data); dates below the fold
 * should not make the page stutter while it starts.
 */
let observer: IntersectionObserver | undefined;
const waiting = new Map<Element, () => void>();
function whenOnScreen(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver !== "function") {
    const id = setTimeout(callback, 0);
    return () => clearTimeout(id);
  }
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const run = waiting.get(entry.target);
      waiting.delete(entry.target);
      observer?.unobserve(entry.target);
      if (!run) continue;
      if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 1000 });
      else setTimeout(run, 0);
    }
  });
  waiting.set(element, callback);
  observer.observe(element);
  return () => {
    waiting.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * A stored timestamp (seconds) shown in the viewer's locale and time zone. The
 * server renders a UTC en-US form; the browser swaps in its own once the date is on screen.
 */
export function LocalTime({
  seconds,
  withTime = false,
}: {
  seconds: number | null | undefined;
  withTime?: boolean;
}) {
  const [text, setText] = useState(() => formatUtc(seconds, withTime));
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let active = true;
    const cancel = whenOnScreen(element, () => {
      if (!active) return;
      const format = withTime ? formatTimestamp : formatDay;
      setText(format(seconds, navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone));
    });
    return () => {
      active = false;
      cancel();
    };
  }, [seconds, withTime]);
  const date = secondsToDate(seconds);
  return date ? (
    <time ref={ref} dateTime={date.toISOString()}>
      {text}
    </time>
  ) : (
    <span>{text}</span>
  );
}
