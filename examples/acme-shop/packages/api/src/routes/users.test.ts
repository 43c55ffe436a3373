import { describe, it } from "vitest";

describe("users", () => {
  it("returns_a_user_by_id", () => {});
});
