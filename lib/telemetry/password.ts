// Device passwords for MQTT (docs/telemetry.md, "Credentials"). A password is random (about 143
// bits), shown once, and stored only as a hash in Mosquitto's own password-file format,
// `$7$<iterations>$<salt>$<hash>` (PBKDF2-HMAC-SHA512, as `mosquitto_passwd` writes since 2.0):
// the embedded broker checks that hash, and the Mosquitto setup writes it as is into the password
// file (lib/mqtt/mosquitto.ts). Mosquitto's default 101 iterations are enough for a random
// password of this length: nobody guesses 2^143 candidates, however fast each is.
import { pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

const ITERATIONS = 101;
const SALT_BYTES = 12;
const KEY_BYTES = 64;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A new password: 25 characters without look-alikes (0/O, 1/l/I), easy to type into a device's app. */
export function newDevicePassword(): string {
  const bytes = randomBytes(64);
  let out = "";
  // rejection sampling: no bias towards the alphabet's first letters
  for (const b of bytes) {
    if (b >= 256 - (256 % ALPHABET.length)) continue;
    out += ALPHABET[b % ALPHABET.length];
    if (out.length === 25) return out;
  }
  return out + newDevicePassword().slice(0, 25 - out.length);
}

export function hashDevicePassword(password: string, salt = randomBytes(SALT_BYTES), iterations = ITERATIONS): string {
  const key = pbkdf2Sync(password, salt, iterations, KEY_BYTES, "sha512");
  return `$7$${iterations}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** True when `password` matches `hash` ($7$ format); false for any other or malformed hash. */
export function verifyDevicePassword(password: string, hash: string | null | undefined): boolean {
  if (!hash) return false;
  const m = /^\$7\$(\d{1,7})\$([A-Za-z0-9+/=]{4,64})\$([A-Za-z0-9+/=]{40,200})$/.exec(hash);
  if (!m) return false;
  const iterations = Number(m[1]);
  if (iterations < 1 || iterations > 1_000_000) return false;
  const expected = Buffer.from(m[3]!, "base64");
  const key = pbkdf2Sync(password, Buffer.from(m[2]!, "base64"), iterations, expected.length, "sha512");
  return key.length === expected.length && timingSafeEqual(key, expected);
}
