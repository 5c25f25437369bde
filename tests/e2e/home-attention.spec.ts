import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { historySynced, signedIn, snapBoth, test, hydrated } from "./helpers";

// the linky sandbox grants these two usage points; the first one also produces
const PRODUCER = "24880057139941";
const CONSUMER = "25946599093143";
/** French spacing: a no-break space before : ; ? ! */
const nb = "\u00a0";

/**
 * SQL on the e2e server's own database (its embedded cluster's password is under .data), for what
 * only a vendor does: withdraw a consent, fail a sync. The sandboxes cannot be told to.
 */
async function sql(baseURL: string, text: string, values: unknown[]) {
  const dir = path.resolve(".data", `e2e-${new URL(baseURL).port}`, "pg");
  const password = fs.readFileSync(path.join(dir, "password"), "utf8").trim();
  const client = new pg.Client({ host: "127.0.0.1", port: E2E.pgPort, user: "postgres", password, database: "foyer" });
  await client.connect();
  try {
    return (await client.query(text, values)).rowCount;
  } finally {
    await client.end();
  }
}

/** The vendor refused Foyer's access (a refused refresh, an Enedis 403): the integration says so, as lib/services/integrations marks it. */
async function consentWithdrawn(baseURL: string, email: string, name: string) {
  expect(await sql(baseURL, "UPDATE integrations SET needs_relink = true WHERE name = $2::\"IntegrationName\" AND user_id = (SELECT id FROM users WHERE email = $1)", [email, name])).toBe(1);
  // Linky's meters stop syncing, as the sync's consentLost leaves them
  if (name === "linky") {
    await sql(
      baseURL,
      `UPDATE meters SET sync_state = 'needs_relink', last_error = 'Enedis no longer accepts our access to this meter (consent withdrawn or expired): link Linky again', last_error_at = now()
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
  }
}

/** A meter's last sync failed (Enedis down), as the sync records it; retries would follow. */
async function syncFailed(baseURL: string, email: string, meter: string) {
  const error = "Enedis answered with a web page instead of data (<html><head><title>503 Service Unavailable</title>)";
  expect(
    await sql(baseURL, "UPDATE meters SET sync_state = 'failed', last_error = $3, last_error_at = now() WHERE usage_point_id = $2 AND user_id = (SELECT id FROM users WHERE email = $1)", [email, meter, error]),
  ).toBe(1);
}

/** Links a vendor from /integrations through its sandbox's consent page, back on Home. */
async function link(page: Page, button: string) {
  await page.goto("/integrations");
  await page.getByRole("button", { name: button, exact: true }).click();
  const accept = page.getByRole("button", { name: /^(Accept|Accepter)$/ });
  await accept.click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await hydrated(page);
}

const attention = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("Home leads with what needs attention: an integration to link again and a failed sync, each fixed from there, then nothing", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const user = await signedIn(page, baseURL!);
  await link(page, "Link Linky meter");
  await link(page, "Link Netatmo");
  await historySynced(baseURL!, user.token);

  // all is well: no such part at all
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(attention(page, "Needs your attention")).toHaveCount(0);

  // Netatmo refuses Foyer's access and the consumer's last sync failed
  await consentWithdrawn(baseURL!, user.email, "netatmo");
  await syncFailed(baseURL!, user.email, CONSUMER);
  await page.goto("/");
  const part = attention(page, "Needs your attention");
  await expect(part.getByRole("listitem")).toHaveCount(2);
  const netatmo = part.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Netatmo", exact: true }) });
  await expect(netatmo).toContainText("Netatmo no longer accepts Foyer's access to your account: link it again to keep your data coming.");
  const failed = part.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Meter ${CONSUMER}`, exact: true }) });
  await expect(failed).toContainText(/Its last history sync failed \(\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\)\. Foyer tries again by itself\./);
  await expect(failed).toContainText("Enedis answered with a web page instead of data");
  // it leads: above the energy history and the sections' menu
  const top = async (name: string) => (await page.getByRole("region", { name, exact: true }).boundingBox())!.y;
  expect(await top("Needs your attention")).toBeLessThan(await top("Your energy history"));
  expect(await top("Your energy history")).toBeLessThan((await page.getByRole("heading", { level: 2, name: "Integrations", exact: true }).boundingBox())!.y);
  await snapBoth(page, "home-attention");

  // linked again from Home itself: back from the consent page, Netatmo is gone from the part
  await netatmo.getByRole("button", { name: "Link again Netatmo" }).click();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Your integration has been updated")).toBeVisible();
  await expect(part.getByRole("listitem")).toHaveCount(1);
  await expect(part.getByRole("heading", { name: "Netatmo" })).toHaveCount(0);

  // the failed sync tried again now: a catch-up is queued, the meter syncs, and nothing is left to fix
  await failed.getByRole("button", { name: `Try now: the sync of meter ${CONSUMER}` }).click();
  await expect(page.getByText("A catch-up of this meter's history is queued")).toBeVisible();
  await expect(part).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByRole("region", { name: `Meter ${CONSUMER}` }).getByText("Up to date")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("region", { name: `Meter ${PRODUCER}` }).getByText("Up to date")).toBeVisible();
  await snapBoth(page, "home-attention-cleared");
});

test.describe("a French household", () => {
  test.use({ locale: "fr-FR" });

  test("Home leads with Linky to link again, in French, until it is", async ({ page, baseURL, context }) => {
    test.setTimeout(300_000);
    // signed in through the English pages (the language cookie), then the browser's French
    await context.addCookies([{ name: "foyer-locale", value: "en", url: baseURL! }]);
    const user = await signedIn(page, baseURL!);
    await context.clearCookies({ name: "foyer-locale" });
    await link(page, "Lier le compteur Linky");
    await historySynced(baseURL!, user.token);
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    await expect(page.getByRole("region", { name: "Votre historique d'énergie" })).toBeVisible();
    await expect(attention(page, "À traiter")).toHaveCount(0);

    // Enedis no longer accepts Foyer's access
    await consentWithdrawn(baseURL!, user.email, "linky");
    await page.goto("/");
    const part = attention(page, "À traiter");
    const linky = part.getByRole("listitem");
    await expect(linky).toHaveCount(1);
    await expect(linky.getByRole("heading", { level: 3 })).toHaveText("Compteur Linky");
    await expect(linky).toContainText(`Enedis n'accepte plus l'accès de Foyer à votre compteur${nb}: liez-le à nouveau pour reprendre son historique.`);
    // the history says it too, meter by meter
    await expect(page.getByRole("region", { name: "Votre historique d'énergie" }).getByText("À relier de nouveau")).toHaveCount(2);
    await snapBoth(page, "home-attention-fr");

    // linked again from Home: the meters sync again and the part is gone
    await linky.getByRole("button", { name: "Lier à nouveau le compteur Linky" }).click();
    await page.getByRole("button", { name: /^(Accept|Accepter)$/ }).click();
    await expect(page.getByText("Votre intégration a été mise à jour")).toBeVisible();
    await expect(part).toHaveCount(0);
    await historySynced(baseURL!, user.token);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Votre historique d'énergie" }).getByText("À jour")).toHaveCount(2);
    await expect(part).toHaveCount(0);
    await snapBoth(page, "home-attention-cleared-fr");
  });
});
