import { describe, expect, it } from "vitest";
import { loginSchema, resetPasswordFormSchema, signupFormSchema, signupSchema } from "@/lib/validation/auth";
import { userUpdateSchema } from "@/lib/validation/user";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe("account schemas", () => {
  it("normalises e-mails (trim, lower case)", () => {
    expect(signupSchema.parse({ username: "  Ada@Example.ORG ", password: "12345678" }).username).toBe("ada@example.org");
  });

  it("uses the specification's messages on the signup form", () => {
    expect(messages(signupFormSchema.safeParse({}))).toEqual(["Email was not provided", "Password was not provided", "Password confirmation was not provided"]);
    expect(messages(signupFormSchema.safeParse({ email: "a@b.co", password: "12345678", confirm: "12345679" }))).toEqual(["Passwords do not match"]);
    expect(signupFormSchema.safeParse({ email: "a@b.co", password: "12345678", confirm: "12345678" }).success).toBe(true);
  });

  it("asks for both login fields with one message", () => {
    expect(messages(loginSchema.safeParse({ username: "", password: "" }))).toEqual(["Email or password was not provided", "Email or password was not provided"]);
  });

  it("counts the password limit in bytes, as bcrypt does", () => {
    expect(signupSchema.safeParse({ username: "a@b.co", password: "€".repeat(24) }).success).toBe(true); // 72 bytes
    expect(messages(signupSchema.safeParse({ username: "a@b.co", password: "€".repeat(25) }))).toEqual(["Password must be at most 72 bytes"]);
  });

  it("matches the reset confirmation", () => {
    expect(messages(resetPasswordFormSchema.safeParse({ password: "12345678", confirm: "x" }))).toEqual(["Passwords do not match"]);
  });

  it("turns empty names into null and refuses non-boolean flags", () => {
    expect(userUpdateSchema.parse({ first_name: "  ", last_name: "Lovelace " })).toEqual({ first_name: null, last_name: "Lovelace" });
    expect(userUpdateSchema.safeParse({ is_active: "yes" }).success).toBe(false);
  });
});
