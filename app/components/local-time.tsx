import { useEffect, useState } from "react";
import { formatDay, formatTimestamp, secondsToDate } from "../lib/dates.ts";

/**
 * A stored timestamp (seconds) shown in the viewer's locale and time zone (DESIGN §3.11). The
 * server renders a UTC en-US form; the browser swaps in its own after hydration.
 */
export function LocalTime({
  seconds,
  withTime = false,
}: {
  seconds: number | null | undefined;
  withTime?: boolean;
}) {
  const format = withTime ? formatTimestamp : formatDay;
  const [text, setText] = useState(() => format(seconds));
  useEffect(() => {
    setText(format(seconds, navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone));
  }, [seconds, format]);
  const date = secondsToDate(seconds);
  return date ? <time dateTime={date.toISOString()}>{text}</time> : <span>{text}</span>;
}
