// Community events in Chromium, on the demo server (docs/flexibility.md): the operator plans one in
// the back-office; the demo household sees it on Home with its baseline and what 1 kWh earns, takes
// part; on /flexibility it sees how predictable it is and the settlement of the demo's past event
// (the app settles it once the synced Linky history is in), on a chart; the operator sees it take
// part. Desktop and phone, English and French. The event planned here is far ahead (its own day):
// the demo's other specs look at nothing it changes.
import { expect, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, demoHistorySynced, logIn, logOut, openSession, snapBoth, test } from "./helpers";

test.use({ baseURL: E2E.bareURL });

/** A day `n` days from today in Paris, as the back-office's date field takes it. */
function parisDayIn(n: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
}

test("the operator plans an event, the demo household takes part and sees its settlement", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const token = await demoHistorySynced(baseURL!);
  // the demo's past event is settled by the flex-settle round a minute after the sync ends
  await expect
    .poll(async () => ((await (await fetch(`${baseURL}/api/v1/flexibility/events?only=past`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string }[]).map((e) => e.status), { timeout: 120_000, intervals: [2000] })
    .toEqual(["settled"]);

  // the operator: a "use the sun" lunch, 40 days ahead
  const day = parisDayIn(40);
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/admin#/flex_events/create");
  await page.getByLabel("Title *").fill("Sunny lunch");
  await chooseOption(page, "Direction", "Use the sun");
  await page.getByLabel("Day *").fill(day);
  await chooseOption(page, "From", "12:00");
  await chooseOption(page, "To", "14:00");
  await page.getByLabel("Reward per kWh (€) *").fill("0.2");
  await page.getByLabel("Invitation text *").fill("The community's panels will give more than it uses: run the washing at lunch.");
  await snapBoth(page, "flex-admin-create");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/#\/flex_events\/\d+\/show/);
  const eventUrl = page.url();
  await expect(page.getByText("Sunny lunch").first()).toBeVisible();
  await expect(page.getByText(`${day} 12:00–14:00`)).toBeVisible();
  await expect(page.getByText("No household takes part yet.")).toBeVisible();
  await logOut(page);

  // the household: Home's card, its baseline and what 1 kWh earns; it takes part
  await logIn(page, E2E.demo.email, E2E.demo.password);
  await page.goto("/");
  const events = page.getByRole("region", { name: "Community events" });
  const card = events.getByRole("article", { name: "Sunny lunch" });
  await expect(card.getByText("Use the sun", { exact: true })).toBeVisible();
  await expect(card.getByText(/, 12:00 – 14:00 · €0\.20 per kWh$/)).toBeVisible();
  await expect(card.getByText(/^\d+(\.\d+)? kWh over the window \(the mean of (10|4) comparable days\)$/)).toBeVisible();
  await expect(card.getByText("Using 1 kWh more than that earns you €0.20.")).toBeVisible();
  await expect(card.getByText("You do not take part")).toBeVisible();
  await card.getByRole("button", { name: "Take part" }).click();
  await expect(page.getByText("You take part in “Sunny lunch”")).toBeVisible();
  await expect(card.getByText("You take part", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await snapBoth(page, "flex-home");

  // /flexibility: predictability, the events to come, the past one settled with its chart
  await events.getByRole("link", { name: "All events" }).click();
  await expect(page).toHaveURL(/\/flexibility$/);
  await expect(page.getByRole("heading", { level: 1, name: "Community events" })).toBeVisible();
  await expect(page.getByText(/^(Your usage is predictable enough to take part|Your usage is fairly predictable|Your usage varies a lot)/)).toBeVisible();
  await expect(page.getByText(/^Bias -?\d+ % · relative RMSE \d+ % · normalised MAE \d+ %, over \d+ recent days$/)).toBeVisible();
  const past = page.getByRole("region", { name: "Past events" });
  const settled = past.getByRole("article", { name: "Evening peak" });
  await expect(settled.getByText("Settled", { exact: true })).toBeVisible();
  await expect(settled.getByText(/^You delivered \d+(\.\d+)? kWh and earned €\d+\.\d{2}\.$/)).toBeVisible();
  await expect(settled.getByRole("img", { name: "Your usual use (baseline) and your actual use, per half hour" })).toBeVisible();
  await settled.getByText("Per half hour (Wh)").click();
  await expect(settled.getByRole("row")).toHaveCount(5);
  await snapBoth(page, "flex-page");

  // the automatic setting, said and kept
  await page.getByRole("switch", { name: "Take part in every event automatically" }).check();
  await expect(page.getByText("You now take part in every event automatically")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Take part in every event automatically" })).toBeChecked();
  await page.getByRole("switch", { name: "Take part in every event automatically" }).uncheck();
  await expect(page.getByText("You now choose for each event")).toBeVisible();

  // in French
  await page.context().addCookies([{ name: "foyer-locale", value: "fr", url: baseURL! }]);
  await page.goto("/flexibility");
  await expect(page.getByRole("heading", { level: 1, name: "Événements de la communauté" })).toBeVisible();
  const pastFr = page.getByRole("region", { name: "Événements passés" });
  await expect(pastFr.getByText(/^Vous avez apporté \d+(,\d+)?\skWh et gagné \d+,\d{2}\s€\.$/)).toBeVisible();
  const openFr = page.getByRole("region", { name: "À venir" }).getByRole("article", { name: "Sunny lunch" });
  await expect(openFr.getByText("Profiter du soleil", { exact: true })).toBeVisible();
  await expect(openFr.getByRole("button", { name: "Se retirer" })).toBeVisible();
  await snapBoth(page, "flex-page-fr");
  await page.context().clearCookies({ name: "foyer-locale" });
  await logOut(page);

  // the operator sees the household take part
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto(eventUrl);
  await expect(page.getByRole("table", { name: "Results" }).getByText(E2E.demo.email)).toBeVisible();
  await expect(page.getByRole("table", { name: "Results" }).getByText("Entered", { exact: true })).toBeVisible();
  await snapBoth(page, "flex-admin-show");
});

test("the operator issues a partner's credentials; a household consents in My Account, sees what the partner read, and withdraws", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  // the operator: a partner's credentials, the secret shown once
  await logIn(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/admin#/partners/create");
  await page.getByLabel("Name *").fill("RTE data hub");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/^Copy the secret now/)).toBeVisible();
  const clientId = (await page.locator("code").nth(0).innerText()).trim();
  const clientSecret = (await page.locator("code").nth(1).innerText()).trim();
  expect(clientId).toMatch(/^foyer-partner-/);
  await snapBoth(page, "sharing-admin-credentials");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("cell", { name: "RTE data hub" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Active", exact: true })).toBeVisible();
  await snapBoth(page, "sharing-admin-partners");
  await logOut(page);

  const token = await (async () => {
    const r = await fetch(`${baseURL}/api/partner/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.251.0.7" }, body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }) });
    expect(r.status).toBe(200);
    return ((await r.json()) as { access_token: string }).access_token;
  })();
  const partnerReads = async () => {
    const r = await fetch(`${baseURL}/api/partner/v1/live`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    return ((await r.json()) as { households: unknown[] }).households.length;
  };

  // the household: nothing shared until it consents
  const user = await apiUser(baseURL!);
  await openSession(page, user.email, user.password);
  await page.goto("/protected");
  const sharing = page.getByRole("region", { name: "Real-time sharing with the grid operator" });
  await expect(sharing.getByText("You do not consent: nothing of your data is shared.")).toBeVisible();
  await expect(sharing.getByText("No partner has read anything of your data.")).toBeVisible();
  const before = await partnerReads();
  await sharing.getByRole("button", { name: "I consent to real-time sharing" }).click();
  await expect(page.getByText("Your consent is recorded")).toBeVisible();
  await expect(sharing.getByText(/^You consent since \d{2} \w{3} \d{4}, \d{2}:\d{2}\.$/)).toBeVisible();
  // the partner reads it, and the household sees that it did
  expect(await partnerReads()).toBe(before + 1);
  await page.reload();
  const log = sharing.getByRole("table", { name: "Who read what" });
  await expect(log.getByRole("row", { name: /RTE data hub Your power now$/ })).toBeVisible();
  await expect(sharing.getByText(/ · Consented \(version 1\)$/)).toBeVisible();
  await snapBoth(page, "sharing-account");
  // withdrawn in one click: the next read leaves it out
  await sharing.getByRole("button", { name: "Withdraw my consent" }).click();
  await expect(page.getByText("Your consent is withdrawn: nothing more is shared")).toBeVisible();
  await expect(sharing.getByText("You do not consent: nothing of your data is shared.")).toBeVisible();
  await expect(sharing.getByText(/ · Withdrawn$/)).toBeVisible();
  expect(await partnerReads()).toBe(before);
  await snapBoth(page, "sharing-account-withdrawn");
});

test("the household's offers for next week come from its schedules: the demo's are sent each week; a new schedule's are reviewed and sent; the operator sees the week by hour and accepts one", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const token = await demoHistorySynced(baseURL!);
  const api = (path: string, init: RequestInit = {}) => fetch(`${baseURL}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(init.headers ?? {}) } });
  type Week = { week: string; auto_send: boolean; offers: { status: string; resource: string }[] };
  // the demo household sends its offers each week: after the sync its coming week's are sent
  await expect
    .poll(async () => ((await (await api("/api/v1/flexibility/offers")).json()) as Week).offers.filter((o) => o.status === "offered").length, { timeout: 120_000, intervals: [2000] })
    .toBeGreaterThan(0);

  await logIn(page, E2E.demo.email, E2E.demo.password);
  await page.goto("/flexibility");
  const offers = page.getByRole("region", { name: "Your flexibility offers" });
  await expect(offers.getByRole("heading", { name: /^Week of Monday,? \d+ \w+ \d{4}$/ })).toBeVisible();
  await expect(offers.getByText(/^Home battery · \d+ offers \(measured on your Linky meter\)$/)).toBeVisible();
  await expect(offers.getByRole("switch", { name: "Send my offers each week automatically" })).toBeChecked();
  await expect(offers.getByText("Sent", { exact: true }).first()).toBeVisible();
  await expect(offers.getByText(/^Up to \d+(\.\d)? k?W, \d+(\.\d+)? kWh over the window$/).first()).toBeVisible();

  // reviewing instead: a new schedule's drafts wait to be sent
  await offers.getByRole("switch", { name: "Send my offers each week automatically" }).uncheck();
  await expect(page.getByText("You now review your offers before sending them")).toBeVisible();
  const made = await api("/api/v1/schedules/manual_weekahead", { method: "POST", body: JSON.stringify({ der_name: "Dishwasher", average_power: 1200, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours: [20] }) });
  expect(made.status).toBe(201);
  const scheduleId = ((await made.json()) as { id: number }).id;
  try {
    await page.reload();
    // 20:00 is a busy hour: 1.2 kW down, nothing more above the usual use (up) on most days
    await expect(offers.getByText(/^Dishwasher · \d+ offers \(measured on your Linky meter\)$/)).toBeVisible();
    await expect(offers.getByText("Not sent", { exact: true }).first()).toBeVisible();
    await expect(offers.getByText(/^Send by \d{2} \w{3} \d{4}, 12:00$/).first()).toBeVisible();
    // the first evening asks less: at most 0.5 kW (more than the dishwasher can offer is refused in words)
    const evening = offers.getByRole("listitem", { name: /^20:00 – 21:00 · Dishwasher$/ }).first();
    await evening.getByRole("button", { name: "Change" }).click();
    await evening.getByLabel("At most (kW)").fill("9");
    await evening.getByRole("button", { name: "Save" }).click();
    await expect(evening.getByRole("alert")).toHaveText(/^Give a power above 0 and at most \d+(\.\d)? k?W$/);
    await evening.getByLabel("At most (kW)").fill("0.5");
    await evening.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The offer is changed")).toBeVisible();
    await expect(offers.getByRole("listitem", { name: /^20:00 – 21:00 · Dishwasher$/ }).first().getByText("Up to 500 W, 0.50 kWh over the window")).toBeVisible();
    await snapBoth(page, "flex-offers");
    const sendAll = offers.getByRole("button", { name: /^Send \d+ offers$/ });
    const count = Number((await sendAll.innerText()).match(/\d+/)![0]);
    await sendAll.click();
    await expect(page.getByText(`${count} offers were sent to the operator`)).toBeVisible();
    await expect(offers.getByText("Not sent", { exact: true })).toHaveCount(0);

    // in French
    await page.context().addCookies([{ name: "foyer-locale", value: "fr", url: baseURL! }]);
    await page.goto("/flexibility");
    const offersFr = page.getByRole("region", { name: "Vos offres de flexibilité" });
    await expect(offersFr.getByRole("heading", { name: /^Semaine du lundi \d+ \S+ \d{4}$/ })).toBeVisible();
    await expect(offersFr.getByText(/^Dishwasher · \d+ offres \(mesuré sur votre compteur Linky\)$/)).toBeVisible();
    await expect(offersFr.getByText("Envoyée", { exact: true }).first()).toBeVisible();
    await snapBoth(page, "flex-offers-fr");
    await page.context().clearCookies({ name: "foyer-locale" });
    await logOut(page);

    // the operator: the week's offers, the community's kW by hour, one accepted
    await logIn(page, E2E.admin.email, E2E.admin.password);
    await page.goto("/admin#/flex_offers");
    await expect(page.getByText(/^The community's flexibility, week of /)).toBeVisible();
    await expect(page.getByRole("figure", { name: /^Flexibility per hour, week of .*, in kW/ })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "Dishwasher" }).filter({ hasText: "Offered" }).first();
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: /^Accept the offer of / }).click();
    await expect(page.getByText("The offer is accepted")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Dishwasher" }).filter({ hasText: "Accepted" })).toHaveCount(1);
    await snapBoth(page, "flex-offers-admin");
    await page.getByRole("row").filter({ hasText: "Dishwasher" }).filter({ hasText: "Accepted" }).click();
    await expect(page).toHaveURL(/#\/flex_offers\/\d+\/show/);
    await expect(page.getByText("Accepted", { exact: true }).first()).toBeVisible();
    await snapBoth(page, "flex-offers-admin-show");
  } finally {
    // the demo as the other specs know it: its two schedules, its offers sent each week
    await api(`/api/v1/schedules/${scheduleId}`, { method: "DELETE" });
    await api("/api/v1/flexibility", { method: "PATCH", body: JSON.stringify({ auto_send_offers: true }) });
  }
});
