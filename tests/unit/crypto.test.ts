import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, deriveKey, encryptSecret, pkceChallenge } from "@/lib/crypto";

const key = crypto.randomBytes(32);

describe("vendor tokens at rest", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the sealed value", () => {
    const a = encryptSecret("access-token-123", key);
    const b = encryptSecret("access-token-123", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("access-token-123");
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(decryptSecret(a, key)).toBe("access-token-123");
  });

  it("refuses an altered value or another key", () => {
    const sealed = encryptSecret("secret", key);
    const [v, iv, tag, ct] = sealed.split(".");
    const flipped = Buffer.from(ct, "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64url")].join("."), key)).toThrow();
    expect(() => decryptSecret(sealed, crypto.randomBytes(32))).toThrow();
    expect(() => decryptSecret("plain", key)).toThrow("Not a sealed secret");
  });

  it("uses a 32-byte base64url ENCRYPTION_KEY as is, else derives one with HKDF", () => {
    const raw = crypto.randomBytes(32);
    expect(deriveKey(raw.toString("base64url"), "s".repeat(40)).equals(raw)).toBe(true);
    expect(deriveKey(raw.toString("base64"), "s".repeat(40)).equals(raw)).toBe(true);
    const fromSecret = deriveKey(undefined, "s".repeat(40));
    expect(fromSecret).toHaveLength(32);
    expect(fromSecret.equals(deriveKey(undefined, "s".repeat(40)))).toBe(true);
    expect(fromSecret.equals(deriveKey(undefined, "t".repeat(40)))).toBe(false);
    expect(deriveKey("a passphrase that is not base64 at all!", "s".repeat(40)).equals(fromSecret)).toBe(false);
  });

  it("computes the PKCE S256 challenge of RFC 7636's example", () => {
    expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });
});
