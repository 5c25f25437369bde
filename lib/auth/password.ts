import { env } from "@/lib/env";
import { hashPool } from "./hash-pool";

/** bcrypt hash, computed on a worker thread (lib/auth/hash-pool.ts): never on the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hashPool().run<string>({ op: "hash", password, rounds: env().BCRYPT_ROUNDS });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return hashPool().run<boolean>({ op: "compare", password, hash });
}

let dummy: Promise<string> | undefined;
/** Spends the time of a real comparison, so that an unknown e-mail answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(password, await dummy);
}
