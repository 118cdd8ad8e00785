/**
 * A recipe's times are whole minutes. Search engines read them as ISO 8601 durations (`PT1H30M`);
 * readers see "1 h 30 min".
 */

/** Minutes as an ISO 8601 duration: 90 → "PT1H30M", 45 → "PT45M", 120 → "PT2H", 0 → "PT0M". */
export function isoDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}

/** Minutes for a reader: 90 → "1 h 30 min", 45 → "45 min", 120 → "2 h". */
export function readableDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The total time a recipe shows: the one written, else prep plus cook when either is set. */
export function totalMinutes(times: {
  prepMinutes: number | null;
  cookMinutes: number | null;
  totalMinutes: number | null;
}): number | null {
  if (times.totalMinutes !== null) return times.totalMinutes;
  if (times.prepMinutes === null && times.cookMinutes === null) return null;
  return (times.prepMinutes ?? 0) + (times.cookMinutes ?? 0);
}
