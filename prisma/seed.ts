// The seed: the bundled tariffs, the first admin and, unless SEED_DEMO=false, a demo household.
// Idempotent. Run in the server's own process at start when any of its inputs changed, and by
// npm run db:seed (server/db/seed.ts bundles this file with esbuild and calls seed()).
import crypto from "node:crypto";
import { db, disconnectDb } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { hashPool } from "@/lib/auth/hash-pool";
import { jobs, stopJobs } from "@/lib/jobs/queue";
import { ensureDemoEvents, ensureDemoLinky, ensureDemoVendors, seedDemoHousehold } from "@/prisma/demo";
import { ensureDemoCommunity } from "@/prisma/demo-community";
import { seedTempoSample } from "@/lib/services/tariffs/tempo";
import { upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { flagFrom } from "@/lib/shared/settings.mjs";

async function ensureUser(emailInput: string, password: string, data: { isSuperuser?: boolean; firstName?: string; lastName?: string }) {
  // stored as the app stores every address (the database refuses any other form)
  const email = emailInput.trim().toLowerCase();
  const existing = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) {
    if (data.isSuperuser) await db.user.update({ where: { id: existing.id }, data: { isSuperuser: true, isActive: true } });
    return { id: existing.id, created: false };
  }
  const u = await db.user.create({
    data: { email, hashedPassword: await hashPassword(password), ...data },
    select: { id: true },
  });
  return { id: u.id, created: true };
}

/** The bundled EDF Tarif Bleu rows and Tempo sample (lib/energy/tariff-data.ts, data/tempo-sample.json). */
async function seedTariffs() {
  const tariffs = await upsertTariffs(db);
  const tempoDays = await seedTempoSample(db);
  console.log(`[foyer:seed] ${tariffs} tariff rows, ${tempoDays} Tempo days (sample) written`);
}

/** Whether the demo household is seeded (SEED_DEMO, true unless false, 0 or no). */
const seedsDemo = () => flagFrom(process.env, "SEED_DEMO", true);

/** The first admin, then the demo household (one after the other: they may share an address). */
async function seedAccounts() {
  const adminEmail = process.env.FIRST_SUPERUSER_EMAIL;
  const adminPassword = process.env.FIRST_SUPERUSER_PASSWORD;
  let adminId: number | null = null;
  if (adminEmail && adminPassword) {
    const r = await ensureUser(adminEmail, adminPassword, { isSuperuser: true, firstName: "Foyer", lastName: "Admin" });
    adminId = r.id;
    console.log(`[foyer:seed] admin ${adminEmail} ${r.created ? "created" : "present"}`);
  } else {
    console.warn("[foyer:seed] FIRST_SUPERUSER_EMAIL / FIRST_SUPERUSER_PASSWORD not set: no admin created");
  }
  if (seedsDemo()) {
    const email = process.env.DEMO_USER_EMAIL ?? "demo@example.com";
    let password = process.env.DEMO_USER_PASSWORD;
    if (!password) {
      password = crypto.randomBytes(9).toString("base64url");
      console.log(`[foyer:seed] DEMO_USER_PASSWORD not set: the demo user's password is ${password}`);
    }
    const r = await ensureUser(email, password, { firstName: "Camille", lastName: "Martin" });
    if (r.created) await seedDemoHousehold(r.id);
    await ensureDemoLinky(r.id);
    await ensureDemoVendors(r.id);
    await ensureDemoEvents(r.id, adminId);
    // the community around it: about 50 households with two years of curves (once; about 45 s)
    await ensureDemoCommunity(r.id, adminId);
    console.log(`[foyer:seed] demo household ${email} ${r.created ? "created" : "present"}`);
  }
}

async function main() {
  // independent: the tariffs' queries run while the accounts' passwords are hashed (on a worker thread)
  const [tariffs, accounts] = await Promise.allSettled([seedTariffs(), seedAccounts()]);
  for (const r of [tariffs, accounts]) if (r.status === "rejected") throw r.reason;
}

/**
 * Gets ready, while the migrations run (the database is up, its tables may not be there yet), what
 * the seed then needs: the database pool with Prisma's engine loaded, a password worker, and the
 * job queue when the demo's Linky will queue its history (pg-boss keeps its own schema). On a first
 * start that took 0.4-0.5 s of the seed.
 */
export async function warm() {
  const { vendorConfig } = await import("@/lib/integrations/config");
  const demoLinky = seedsDemo() && vendorConfig("linky").sandbox;
  hashPool().warm();
  await Promise.all([db.$queryRaw`SELECT 1`, demoLinky ? jobs() : null]);
}

/** Runs the whole seed, then closes its database pool and job queue (also when it fails). */
export async function seed() {
  try {
    await main();
  } finally {
    await Promise.all([disconnectDb(), stopJobs()]);
  }
}
