/**
 * The back office's accounts and what guards them: sessions, two-step sign-in, password resets,
 * login throttling and rate limits, and the activity log of who did what.
 */
import type { Generated } from "kysely";

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: string;
  created_at: number;
  /** Shown in the top bar and the activity log; empty until the owner sets it (migration 020). */
  name: Generated<string>;
  /** The TOTP secret (base32) once two-step sign-in is on; never sent to a browser after setup. */
  totp_secret: string | null;
  /** The secret being set up: it becomes totp_secret once a code from it is entered. */
  totp_pending_secret: string | null;
  totp_enabled_at: number | null;
  /** The time step of the last code accepted: an older or equal step is refused (no replay). */
  totp_last_step: number | null;
}

/** Two-step sign-in's one-time recovery codes, hashed (migration 020). */
export interface RecoveryCodesTable {
  code_hash: string;
  account_id: number;
  created_at: number;
  used_at: number | null;
}

/** A right password waiting for its second step; the id is the SHA-256 of the cookie's token. */
export interface SignInChallengesTable {
  id: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  failures: Generated<number>;
}

/** Who did what, when, from where (migration 020). Append-only: the database refuses an update. */
export interface ActivityLogTable {
  id: Generated<number>;
  at: number;
  account_id: number | null;
  /** Who: the account's email at the time, or "command line" / "site" for the server itself. */
  actor: string;
  kind: string;
  item_type: Generated<string>;
  item_id: Generated<string>;
  item_label: Generated<string>;
  detail: Generated<string>;
  address: Generated<string>;
}

export interface SessionsTable {
  /** SHA-256 of the session token; the token itself only lives in the cookie. */
  id: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  /** The browser's User-Agent at sign-in, and the client's address (migration 020). */
  user_agent: Generated<string>;
  address: Generated<string>;
  /** Moved at most once a minute as the session is used. */
  last_seen_at: Generated<number>;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Login throttling: one row per client, account or known browser (migration 005). */
export interface LoginThrottleTable {
  /** `client:<address or IPv6 /64>`, `account:<email>` or `device:<id>`. */
  key: string;
  /** Attempts counted since the key was last quiet, or reset by a successful login. */
  failures: number;
  last_attempt_at: number;
  /** No attempt of this key is checked before this time (0: none pending). */
  locked_until: number;
  /** 1 when the latest attempt was refused (lets one atomic statement answer both ways). */
  refused: number;
}

/** Password reset links: only the token's SHA-256 is kept (migration 009). */
export interface PasswordResetsTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
