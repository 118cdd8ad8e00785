import { useEffect, useState } from "react";

/** A live clock in the top bar, ticking every second. Rendered only in the browser. */
export function Clock() {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time
      data-testid="admin-clock"
      dateTime={now?.toISOString()}
      className="font-mono text-sm tabular-nums"
      suppressHydrationWarning
    >
      {now ? now.toLocaleTimeString() : "--:--:--"}
    </time>
  );
}
