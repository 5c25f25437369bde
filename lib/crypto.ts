// Secrets at rest (vendor tokens) and one-way digests (OAuth states): node:crypto only.
import crypto from "node:crypto";
import { env } from "@/lib/env";

const VERSION = "v1";

/**
 * The 32-byte AES key: ENCRYPTION_KEY when it is 32 bytes of base64/base64url (as generated into
 * .data/secrets.json), else HKDF-SHA256 of ENCRYPTION_KEY, or of SECRET_KEY when it is unset.
 */
export function deriveKey(encryptionKey: string | undefined, secretKey: string): Buffer {
  if (encryptionKey) {
    if (/^[A-Za-z0-9_\-+/]{43}=?$/.test(encryptionKey)) return Buffer.from(encryptionKey.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  }
  const ikm = encryptionKey ?? secretKey;
  return Buffer.from(crypto.hkdfSync("sha256", ikm, "foyer", "vendor-tokens", 32));
}

let cachedKey: Buffer | undefined;
function key(): Buffer {
  return (cachedKey ??= deriveKey(env().ENCRYPTION_KEY, env().SECRET_KEY));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url; a fresh 12-byte IV each time. */
export function encryptSecret(plain: string, k: Buffer = key()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", k, iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}

/** The plaintext of `encryptSecret`; throws when the value was altered or the key differs. */
export function decryptSecret(sealed: string, k: Buffer = key()): string {
  const [version, iv, tag, ct] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error("Not a sealed secret");
  // the tag's full 16 bytes, always: Node would otherwise check a tag cut to 4 bytes as given
  const decipher = crypto.createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"), { authTagLength: 16 });
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

export const sha256Hex = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");

/** PKCE S256: base64url(sha256(verifier)). */
export const pkceChallenge = (verifier: string) => crypto.createHash("sha256").update(verifier).digest("base64url");

/** A key for signing (not encrypting) derived from SECRET_KEY for one purpose. */
export const purposeKey = (purpose: string) => Buffer.from(crypto.hkdfSync("sha256", env().SECRET_KEY, "foyer", purpose, 32));
