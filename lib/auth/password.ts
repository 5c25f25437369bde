import bcrypt from "bcryptjs";
import { env } from "@/lib/env";

const rounds = () => env().BCRYPT_ROUNDS;

/** bcrypt hash, asynchronous so that it never blocks the event loop. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, rounds());
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

let dummy: Promise<string> | undefined;
/** Spends the time of a real comparison, so that an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword("dummy-password-for-timing");
  await bcrypt.compare(password, await dummy);
}
