import { describe, expect, it } from "vitest";
import { publicationChange, zonedLocalToSeconds } from "./publication.ts";

describe("zonedLocalToSeconds (a Publish at value in the admin's time zone)", () => {
  it.each([
    ["2025-03-05T14:30", "UTC", 1741185000],
    ["2025-07-01T12:00", "Europe/Paris", 1751364000],
    ["2025-01-15T12:00", "Europe/Paris", 1736938800],
    ["2024-02-29T23:59:59", "America/New_York", 1709269199],
    // Skipped by the spring change (02:00 → 03:00): the same wall time after it, 03:30 CEST.
    ["2025-03-30T02:30", "Europe/Paris", 1743298200],
  ])("%s in %s is %i", (value, zone, seconds) => {
    expect(zonedLocalToSeconds(value, zone)).toBe(seconds);
  });

  it.each([
    ["2026-02-30T25:00", "UTC"],
    ["2025-03-05T24:00", "UTC"],
    ["2025-03-05T14:30:60", "UTC"],
    ["0019-05-10T10:00", "UTC"],
    ["2025-03-05T14:30", "Mars/Olympus"],
    ["tomorrow", "UTC"],
  ])("%s in %s names no instant", (value, zone) => {
    expect(zonedLocalToSeconds(value, zone)).toBeNull();
  });
});

describe("publicationChange (what the activity log records of a save)", () => {
  const now = 1_780_000_000;
  const past = now - 3600;
  const ahead = now + 3600;

  it("names a draft or a scheduled item going live as published", () => {
    expect(publicationChange(null, now, now)).toBe("published");
    expect(publicationChange(null, past, now)).toBe("published");
    expect(publicationChange(ahead, now, now)).toBe("published");
  });

  it("names an item set to appear later as scheduled, a new time for a scheduled one too", () => {
    expect(publicationChange(null, ahead, now)).toBe("scheduled");
    expect(publicationChange(past, ahead, now)).toBe("scheduled");
    expect(publicationChange(ahead, ahead + 60, now)).toBe("scheduled");
  });

  it("names a live or scheduled item turned back into a draft as unpublished", () => {
    expect(publicationChange(past, null, now)).toBe("unpublished");
    expect(publicationChange(ahead, null, now)).toBe("unpublished");
  });

  it("records nothing when the state stays: a draft saved, a live item edited, a schedule kept", () => {
    expect(publicationChange(null, null, now)).toBeNull();
    expect(publicationChange(past, past, now)).toBeNull();
    expect(publicationChange(past, now, now)).toBeNull();
    expect(publicationChange(ahead, ahead, now)).toBeNull();
  });
});
