import { describe, expect, it } from "vitest";
import { ADMIN_ROLE, EDITOR_ROLE, isStaffRole, roleAllows } from "./roles.ts";

describe("roles", () => {
  it("the administrator opens everything; an editor what staff may; anyone else nothing", () => {
    expect([roleAllows(ADMIN_ROLE, "administrator"), roleAllows(ADMIN_ROLE, "staff")]).toEqual([true, true]);
    expect([roleAllows(EDITOR_ROLE, "administrator"), roleAllows(EDITOR_ROLE, "staff")]).toEqual([
      false,
      true,
    ]);
    for (const role of ["viewer", "", "ALL", "Editor", " all"]) {
      expect([roleAllows(role, "administrator"), roleAllows(role, "staff")], role).toEqual([false, false]);
    }
  });

  it("a role named like an object's own properties is not staff", () => {
    expect(["constructor", "__proto__", "toString", "hasOwnProperty"].map(isStaffRole)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([ADMIN_ROLE, EDITOR_ROLE].map(isStaffRole)).toEqual([true, true]);
  });
});
