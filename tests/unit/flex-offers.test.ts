// Offers of flexibility (lib/flex/offers.ts), by hand: the parts of a split schedule, the week
// offers are prepared for and the days a schedule covers in it, a schedule's window on a day (DST
// days included), the power offered against the baseline, the day-ahead expiry, the settlement of
// an offer, the life of its status and its UFTP FlexOffer document.
import { describe, expect, it } from "vitest";
import {
  CONGESTION_POINT,
  OFFER_STATUSES,
  OFFER_TRANSITIONS,
  capacityW,
  comingWeek,
  expiryOf,
  offerPower,
  offerSettlement,
  partsOf,
  scheduleWeekday,
  scheduledDays,
  toUftpFlexOffer,
  wToWh,
  whToW,
  windowOf,
  type OfferPart,
  type OfferSchedule,
  type OfferStatus,
} from "@/lib/flex/offers";

const at = (iso: string) => Date.parse(iso);
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const part = (months: number[], days: number[], average_power: number, hours: number[] = [18, 19]): OfferPart => ({ months, days, hours, average_power });

describe("partsOf", () => {
  it("gives a schedule that was never split (no parts, or an empty list) as its only part", () => {
    const s: OfferSchedule = part([12], [0], 2000);
    expect(partsOf(s)).toHaveLength(1);
    expect(partsOf(s)[0]).toBe(s);
    const empty: OfferSchedule = { ...part([12], [0], 2000), schedules: [] };
    expect(partsOf(empty)).toHaveLength(1);
    expect(partsOf(empty)[0]).toBe(empty);
  });
  it("replaces the main schedule by its parts once split", () => {
    const winter = part([12, 1, 2], ALL_DAYS, 1000);
    const summer = part([6, 7, 8], ALL_DAYS, 3000);
    const s: OfferSchedule = { ...part(ALL_MONTHS, ALL_DAYS, 9999), schedules: [winter, summer] };
    expect(partsOf(s)).toEqual([winter, summer]);
  });
});

describe("scheduleWeekday", () => {
  it("numbers Monday 0 ... Sunday 6", () => {
    expect(scheduleWeekday("2026-12-07")).toBe(0); // a Monday
    expect(scheduleWeekday("2026-12-09")).toBe(2); // a Wednesday
    expect(scheduleWeekday("2026-12-12")).toBe(5); // a Saturday
    expect(scheduleWeekday("2026-12-13")).toBe(6); // a Sunday
  });
});

describe("comingWeek", () => {
  it("is the next Monday from any instant of a Monday, a Wednesday or a Sunday", () => {
    expect(comingWeek(at("2026-12-07T10:00:00Z"))).toBe("2026-12-14"); // Monday 11:00 Paris
    expect(comingWeek(at("2026-12-09T15:00:00Z"))).toBe("2026-12-14"); // Wednesday 16:00 Paris
  });
  it("reads the day in Paris: Sunday 23:30 Paris (22:30Z in winter) is still that week", () => {
    expect(comingWeek(at("2026-12-13T22:30:00Z"))).toBe("2026-12-14");
  });
  it("and Monday 00:30 Paris (Sunday 23:30Z) is already the next week: the Monday after it", () => {
    expect(comingWeek(at("2026-12-13T23:30:00Z"))).toBe("2026-12-21");
  });
  it("reads Paris summer time too: Monday 01:30 Paris is Sunday 23:30Z (UTC+2)", () => {
    // 2026-07-13 is a Monday
    expect(comingWeek(at("2026-07-12T21:30:00Z"))).toBe("2026-07-13"); // Sunday 23:30 Paris
    expect(comingWeek(at("2026-07-12T23:30:00Z"))).toBe("2026-07-20"); // Monday 01:30 Paris
  });
});

describe("scheduledDays", () => {
  it("keeps the week's days whose month and weekday (0 Monday) the schedule has", () => {
    // Monday, Wednesday and Friday of the week of Monday 2026-12-07
    const s: OfferSchedule = part([12], [0, 2, 4], 2000);
    expect(scheduledDays(s, "2026-12-07")).toEqual([
      { day: "2026-12-07", part: s },
      { day: "2026-12-09", part: s },
      { day: "2026-12-11", part: s },
    ]);
    // the weekend is days 5 and 6
    expect(scheduledDays(part([12], [5, 6], 2000), "2026-12-07").map((d) => d.day)).toEqual(["2026-12-12", "2026-12-13"]);
  });
  it("keeps nothing in a month the schedule does not have", () => {
    expect(scheduledDays(part([6, 7, 8], ALL_DAYS, 2000), "2026-12-07")).toEqual([]);
  });
  it("matches each day of a week across two months with the part of its own month", () => {
    // Mon 2026-12-28 ... Sun 2027-01-03; December every day, January only on Saturday and Sunday,
    // so Friday 1 January (day 4) is left out. The main schedule (every day, every month) is disabled.
    const december = part([12], ALL_DAYS, 1000);
    const january = part([1], [5, 6], 2000);
    const s: OfferSchedule = { ...part(ALL_MONTHS, ALL_DAYS, 9999), schedules: [december, january] };
    expect(scheduledDays(s, "2026-12-28")).toEqual([
      { day: "2026-12-28", part: december },
      { day: "2026-12-29", part: december },
      { day: "2026-12-30", part: december },
      { day: "2026-12-31", part: december },
      { day: "2027-01-02", part: january },
      { day: "2027-01-03", part: january },
    ]);
  });
  it("uses the main schedule's months and days no more once it is split", () => {
    // the main schedule would cover December; its only part covers June
    const s: OfferSchedule = { ...part([12], ALL_DAYS, 9999), schedules: [part([6], ALL_DAYS, 1000)] };
    expect(scheduledDays(s, "2026-12-07")).toEqual([]);
  });
  it("leaves out the days before the schedule's start date", () => {
    const s: OfferSchedule = { ...part([12], ALL_DAYS, 2000), start_date: "2026-12-10T08:00:00+01:00" };
    expect(scheduledDays(s, "2026-12-07").map((d) => d.day)).toEqual(["2026-12-10", "2026-12-11", "2026-12-12", "2026-12-13"]);
    // a start before the week keeps all of it, a start after it none
    expect(scheduledDays({ ...s, start_date: "2026-12-01T00:00:00Z" }, "2026-12-07")).toHaveLength(7);
    expect(scheduledDays({ ...s, start_date: "2026-12-20T00:00:00Z" }, "2026-12-07")).toEqual([]);
  });
  it("reads the start date's day in Paris: 2026-12-09T23:30Z is 10 December 00:30 Paris", () => {
    const s: OfferSchedule = { ...part([12], ALL_DAYS, 2000), start_date: "2026-12-09T23:30:00Z" };
    expect(scheduledDays(s, "2026-12-07")[0].day).toBe("2026-12-10");
  });
});

describe("windowOf", () => {
  it("spans hours 17-19 at 30 minutes on an ordinary day: 17:00 is period 34, 20:00 period 40", () => {
    // 17 × 2 = 34; 20 × 2 = 40
    expect(windowOf("2026-12-08", [17, 18, 19], 30)).toEqual({ from: 34, to: 40, mask: Array(6).fill(true) });
    // whatever the order of the hours, or their repeats
    expect(windowOf("2026-12-08", [19, 17, 18, 17], 30)).toEqual({ from: 34, to: 40, mask: Array(6).fill(true) });
    // to the day's end: hour 23 is periods 46 and 47 of 48
    expect(windowOf("2026-12-08", [23], 30)).toEqual({ from: 46, to: 48, mask: [true, true] });
  });
  it("spans the gap between hours 7 and 9, masked: 07:00 is period 14, 10:00 period 20", () => {
    // periods 14, 15 (7h), 16, 17 (8h: not scheduled), 18, 19 (9h)
    expect(windowOf("2026-12-08", [7, 9], 30)).toEqual({ from: 14, to: 20, mask: [true, true, false, false, true, true] });
  });
  it("counts quarter hours at 15 minutes: twice the indices", () => {
    expect(windowOf("2026-12-08", [17, 18, 19], 15)).toEqual({ from: 68, to: 80, mask: Array(12).fill(true) });
    expect(windowOf("2026-12-08", [7, 9], 15)).toEqual({ from: 28, to: 40, mask: [...Array(4).fill(true), ...Array(4).fill(false), ...Array(4).fill(true)] });
  });
  it("is null without hours", () => {
    expect(windowOf("2026-12-08", [], 30)).toBeNull();
  });
  it("has no 02:00 on the 23-hour day (2026-03-29)", () => {
    expect(windowOf("2026-03-29", [2], 30)).toBeNull();
    expect(windowOf("2026-03-29", [2], 15)).toBeNull();
  });
  it("joins 01:00 and 03:00 on the 23-hour day: 01:30 (period 3) is followed by 03:00 (period 4)", () => {
    // local slots 0, 30, 60, 90, 180, 210, ...: hour 1 is periods 2 and 3, hour 3 periods 4 and 5
    expect(windowOf("2026-03-29", [1, 3], 30)).toEqual({ from: 2, to: 6, mask: [true, true, true, true] });
  });
  it("shifts the evening an hour earlier on the 23-hour day: 17:00 is period 32, hour 23 ends at 46", () => {
    expect(windowOf("2026-03-29", [17, 18, 19], 30)).toEqual({ from: 32, to: 38, mask: Array(6).fill(true) });
    expect(windowOf("2026-03-29", [23], 30)).toEqual({ from: 44, to: 46, mask: [true, true] });
  });
  it("schedules the repeated hour twice on the 25-hour day (2026-10-25): 02:00, 02:30, 02:00, 02:30", () => {
    expect(windowOf("2026-10-25", [2], 30)).toEqual({ from: 4, to: 8, mask: [true, true, true, true] });
  });
  it("leaves both 02:00 hours out of hours 1 and 3 on the 25-hour day", () => {
    // hour 1 is periods 2, 3; 02:00 twice is 4 ... 7; hour 3 is 8, 9
    expect(windowOf("2026-10-25", [1, 3], 30)).toEqual({ from: 2, to: 10, mask: [true, true, false, false, false, false, true, true] });
  });
  it("shifts the evening an hour later on the 25-hour day: 17:00 is period 36, hour 23 ends at 50", () => {
    expect(windowOf("2026-10-25", [17, 18, 19], 30)).toEqual({ from: 36, to: 42, mask: Array(6).fill(true) });
    expect(windowOf("2026-10-25", [23], 30)).toEqual({ from: 48, to: 50, mask: [true, true] });
  });
});

describe("capacityW", () => {
  it("offers down what the resource would draw, up the rest of its rated power", () => {
    // rated 3000 W, baseline 1200 W: down 1200, up 3000 − 1200 = 1800
    expect(capacityW("down", 3000, 1200)).toBe(1200);
    expect(capacityW("up", 3000, 1200)).toBe(1800);
  });
  it("offers no reduction from a resource that exports (negative baseline), and all its rated power up", () => {
    expect(capacityW("down", 3000, -500)).toBe(0);
    expect(capacityW("up", 3000, -500)).toBe(3000);
    // a resource at rest likewise
    expect(capacityW("down", 2000, 0)).toBe(0);
    expect(capacityW("up", 2000, 0)).toBe(2000);
  });
  it("caps a reduction at the rated power when the baseline is above it, leaving nothing up", () => {
    expect(capacityW("down", 3000, 4500)).toBe(3000);
    expect(capacityW("up", 3000, 4500)).toBe(0);
  });
  it("rounds to whole watts", () => {
    // 1234.4 → 1234; 3000 − 1234.4 = 1765.6 → 1766
    expect(capacityW("down", 3000, 1234.4)).toBe(1234);
    expect(capacityW("up", 3000, 1234.4)).toBe(1766);
  });
});

describe("offerPower", () => {
  it("offers the capacity where the schedule has the hour, 0 elsewhere", () => {
    // rated 3000 W; baselines 1000, 2000 (masked), 4000 (capped at 3000), −100 (export)
    const baseline = [1000, 2000, 4000, -100];
    const mask = [true, false, true, true];
    expect(offerPower("down", 3000, baseline, mask)).toEqual([1000, 0, 3000, 0]);
    expect(offerPower("up", 3000, baseline, mask)).toEqual([2000, 0, 0, 3000]);
  });
  it("throws when the baseline and the window differ in length", () => {
    expect(() => offerPower("down", 3000, [1000, 1000, 1000], [true, true])).toThrow("Baseline of 3 periods, window of 2");
  });
});

describe("whToW and wToWh", () => {
  it("turns energy per period into mean power and back", () => {
    // 500 Wh in 30 minutes is 1000 W; in 15 minutes, 2000 W
    expect(whToW(500, 30)).toBe(1000);
    expect(whToW(500, 15)).toBe(2000);
    expect(wToWh(1000, 30)).toBe(500);
    expect(wToWh(1000, 15)).toBe(250);
  });
});

describe("expiryOf", () => {
  it("is noon Paris of the day before, in winter 11:00Z, over a month and a year too", () => {
    expect(new Date(expiryOf("2026-12-08")).toISOString()).toBe("2026-12-07T11:00:00.000Z");
    expect(new Date(expiryOf("2027-01-01")).toISOString()).toBe("2026-12-31T11:00:00.000Z");
  });
  it("is 10:00Z in summer", () => {
    expect(new Date(expiryOf("2026-07-15")).toISOString()).toBe("2026-07-14T10:00:00.000Z");
  });
  it("is already summer time at noon of the 23-hour day: 2026-03-30 expires 2026-03-29T10:00Z", () => {
    expect(new Date(expiryOf("2026-03-30")).toISOString()).toBe("2026-03-29T10:00:00.000Z");
    // and the 23-hour day's own offers, the day before in winter
    expect(new Date(expiryOf("2026-03-29")).toISOString()).toBe("2026-03-28T11:00:00.000Z");
  });
  it("is already winter time at noon of the 25-hour day: 2026-10-26 expires 2026-10-25T11:00Z", () => {
    expect(new Date(expiryOf("2026-10-26")).toISOString()).toBe("2026-10-25T11:00:00.000Z");
    expect(new Date(expiryOf("2026-10-25")).toISOString()).toBe("2026-10-24T10:00:00.000Z");
  });
});

describe("offerSettlement", () => {
  const down = { direction: "down" as const, stepMin: 30, availabilityEurPerMwH: 10, utilisationEurPerMwh: 200 };

  it("pays availability on the power offered and utilisation on the energy delivered", () => {
    // baseline 2000 W over 30 min = 1000 Wh; actual 400 Wh → F = 600 Wh; second period unknown.
    // credited min(600, 1500 W × 0.5 h = 750) = 600 Wh.
    // offered 2 × 750 = 1500 Wh = 0.0015 MWh × 10 €/MW/h = 0.015 €; 0.0006 MWh × 200 €/MWh = 0.12 €
    // 0.015 + 0.12 = 0.135 € → 0.14 € to the cent
    const r = offerSettlement({ ...down, powerW: [1500, 1500], baselineW: [2000, 2000] }, [400, null]);
    expect(r).toEqual({ deliveredWh: 600, creditedWh: 600, rewardEur: 0.14 });
  });
  it("credits a period at most what was offered there", () => {
    // baseline 1000 Wh, actual 0 → F = 1000 Wh, offered 750 Wh: credited 750
    // 0.00075 MWh × 10 = 0.0075 €; 0.00075 MWh × 200 = 0.15 €; 0.1575 → 0.16 €
    const r = offerSettlement({ ...down, powerW: [1500], baselineW: [2000] }, [0]);
    expect(r).toEqual({ deliveredWh: 1000, creditedWh: 750, rewardEur: 0.16 });
  });
  it("credits nothing for a period that delivered less than nothing, but counts it in what was delivered", () => {
    // F = 1000 − 1200 = −200, then 1000 − 200 = 800 (credited 750): delivered −200 + 800 = 600
    const r = offerSettlement({ ...down, powerW: [1500, 1500], baselineW: [2000, 2000], availabilityEurPerMwH: null }, [1200, 200]);
    // 0.00075 MWh × 200 = 0.15 €
    expect(r).toEqual({ deliveredWh: 600, creditedWh: 750, rewardEur: 0.15 });
  });
  it("counts an increase (up) as A − B", () => {
    // baseline 500 W = 250 Wh; actual 1000 → F = 750; actual 250 → F = 0; offered 2500 W = 1250 Wh
    // availability: 2 × 1250 Wh = 0.0025 MWh × 10 = 0.025 €; utilisation 0.00075 × 200 = 0.15 €; 0.175 → 0.18
    const r = offerSettlement({ ...down, direction: "up", powerW: [2500, 2500], baselineW: [500, 500] }, [1000, 250]);
    expect(r).toEqual({ deliveredWh: 750, creditedWh: 750, rewardEur: 0.18 });
  });
  it("works at 15 minutes", () => {
    // baseline 4000 W over 15 min = 1000 Wh; actual 600 → F = 400; offered 2000 W = 500 Wh
    // availability 0.0005 MWh × 10 = 0.005 €; utilisation 0.0004 × 200 = 0.08 €; 0.085 → 0.09 €
    const r = offerSettlement({ ...down, stepMin: 15, powerW: [2000], baselineW: [4000] }, [600]);
    expect(r).toEqual({ deliveredWh: 400, creditedWh: 400, rewardEur: 0.09 });
  });
  it("pays nothing without prices", () => {
    const r = offerSettlement({ ...down, powerW: [1500], baselineW: [2000], availabilityEurPerMwH: null, utilisationEurPerMwh: null }, [0]);
    expect(r).toEqual({ deliveredWh: 1000, creditedWh: 750, rewardEur: 0 });
  });
  it("still pays availability when nothing was delivered", () => {
    // every actual unknown: nothing delivered; offered 1500 W × 0.5 h × 4 = 3000 Wh = 0.003 MWh × 10 = 0.03 €
    const r = offerSettlement({ ...down, powerW: [1500, 1500, 1500, 1500], baselineW: [2000, 2000, 2000, 2000] }, [null, null, null, null]);
    expect(r).toEqual({ deliveredWh: 0, creditedWh: 0, rewardEur: 0.03 });
  });
  it("credits nothing in a period where nothing was offered", () => {
    // the masked period delivered 1000 Wh but offered 0
    const r = offerSettlement({ ...down, powerW: [0, 1500], baselineW: [2000, 2000], availabilityEurPerMwH: null }, [0, 1000]);
    expect(r).toEqual({ deliveredWh: 1000, creditedWh: 0, rewardEur: 0 });
  });
  it("rounds energies to a tenth of a Wh", () => {
    // 1001 W over 15 min = 250.25 Wh → 250.3
    const r = offerSettlement({ ...down, stepMin: 15, powerW: [2000], baselineW: [1001], availabilityEurPerMwH: null, utilisationEurPerMwh: null }, [0]);
    expect(r).toEqual({ deliveredWh: 250.3, creditedWh: 250.3, rewardEur: 0 });
  });
  it("throws when the actual does not cover the window", () => {
    expect(() => offerSettlement({ ...down, powerW: [1500, 1500], baselineW: [2000, 2000] }, [400])).toThrow();
  });
});

describe("OFFER_TRANSITIONS", () => {
  const allowed = (from: OfferStatus, to: OfferStatus) => to !== "draft" && OFFER_TRANSITIONS[to].includes(from);
  const reachable = (to: OfferStatus) => OFFER_STATUSES.filter((from) => allowed(from, to));

  it("follows the life draft → offered → accepted or rejected, accepted → activated → settled", () => {
    expect(reachable("offered")).toEqual(["draft"]);
    expect(reachable("accepted")).toEqual(["offered"]);
    expect(reachable("rejected")).toEqual(["offered"]);
    expect(reachable("activated")).toEqual(["accepted"]);
    expect(reachable("settled")).toEqual(["activated"]);
  });
  it("expires only a draft or an offer not yet answered", () => {
    expect(reachable("expired")).toEqual(["draft", "offered"]);
  });
  it("supersedes only a draft", () => {
    expect(reachable("superseded")).toEqual(["draft"]);
  });
  it("never leads back to draft, and lets nothing out of rejected, settled, expired or superseded", () => {
    expect(Object.keys(OFFER_TRANSITIONS)).not.toContain("draft");
    for (const end of ["rejected", "settled", "expired", "superseded"] as const) {
      expect(OFFER_STATUSES.filter((to) => allowed(end, to))).toEqual([]);
    }
  });
});

describe("toUftpFlexOffer", () => {
  const offer = {
    id: 42,
    day: "2026-12-08",
    direction: "down" as const,
    step_min: 30,
    period_start: 34,
    power_w: [1000, 1000, 0, 0, 1500, 1000],
    expires_at: "2026-12-07T11:00:00.000Z",
    availability_eur_per_mw_h: 12,
    household: "h1",
    resource: "r1",
  };

  it("writes the offer as a FlexOffer of the day, its ISPs numbered from 1 at the day's first period", () => {
    // periods 34 ... 39 of the day are ISPs 35 ... 40. 35-36 at 1000 W merged (Duration 2), 37-38
    // at 0 left out, 39 at 1500, 40 at 1000 (not merged with 35-36: not consecutive). Down: negative.
    // Price: (1000 + 1000 + 1500 + 1000) W × 0.5 h = 2250 Wh = 0.00225 MWh × 12 €/MW/h = 0.027 → 0.03 €
    expect(toUftpFlexOffer(offer, CONGESTION_POINT)).toEqual({
      MessageID: "foyer-offer-42",
      Period: "2026-12-08",
      "ISP-Duration": "PT30M",
      TimeZone: "Europe/Paris",
      CongestionPoint: "foyer:community",
      ExpirationDateTime: "2026-12-07T11:00:00.000Z",
      BaselineReference: "xofy-10-4",
      Currency: "EUR",
      OfferOption: [
        {
          OptionReference: "h1/r1",
          Price: 0.03,
          MinActivationFactor: 1,
          ISP: [
            { Power: -1000, Start: 35, Duration: 2 },
            { Power: -1500, Start: 39, Duration: 1 },
            { Power: -1000, Start: 40, Duration: 1 },
          ],
        },
      ],
    });
  });
  it("signs an increase (up) positive", () => {
    const doc = toUftpFlexOffer({ ...offer, direction: "up" }, CONGESTION_POINT);
    expect(doc.OfferOption[0].ISP).toEqual([
      { Power: 1000, Start: 35, Duration: 2 },
      { Power: 1500, Start: 39, Duration: 1 },
      { Power: 1000, Start: 40, Duration: 1 },
    ]);
  });
  it("does not merge equal powers across a period left out", () => {
    const doc = toUftpFlexOffer({ ...offer, power_w: [800, 0, 800, 800, 800] }, CONGESTION_POINT);
    // periods 34, 36-38 → ISPs 35, 37-39
    expect(doc.OfferOption[0].ISP).toEqual([
      { Power: -800, Start: 35, Duration: 1 },
      { Power: -800, Start: 37, Duration: 3 },
    ]);
  });
  it("rounds powers to whole watts, merging what rounds equal", () => {
    const doc = toUftpFlexOffer({ ...offer, direction: "up", power_w: [999.6, 1000.4, 1000.6] }, CONGESTION_POINT);
    expect(doc.OfferOption[0].ISP).toEqual([
      { Power: 1000, Start: 35, Duration: 2 },
      { Power: 1001, Start: 37, Duration: 1 },
    ]);
  });
  it("has no ISP for an offer of nothing", () => {
    const doc = toUftpFlexOffer({ ...offer, power_w: [0, 0, 0] }, CONGESTION_POINT);
    expect(doc.OfferOption[0].ISP).toEqual([]);
    expect(doc.OfferOption[0].Price).toBe(0);
  });
  it("counts quarter hours at 15 minutes: period 68 is ISP 69, the duration PT15M", () => {
    // 2000 W × 0.25 h × 2 = 1000 Wh = 0.001 MWh × 12 €/MW/h = 0.012 → 0.01 €
    const doc = toUftpFlexOffer({ ...offer, step_min: 15, period_start: 68, power_w: [2000, 2000] }, CONGESTION_POINT);
    expect(doc["ISP-Duration"]).toBe("PT15M");
    expect(doc.OfferOption[0].ISP).toEqual([{ Power: -2000, Start: 69, Duration: 2 }]);
    expect(doc.OfferOption[0].Price).toBe(0.01);
  });
  it("reaches the day's last ISP: periods 44-47 are ISPs 45-48", () => {
    const doc = toUftpFlexOffer({ ...offer, period_start: 44, power_w: [500, 500, 500, 500] }, CONGESTION_POINT);
    expect(doc.OfferOption[0].ISP).toEqual([{ Power: -500, Start: 45, Duration: 4 }]);
  });
  it("asks a price of 0 when the operator set none", () => {
    expect(toUftpFlexOffer({ ...offer, availability_eur_per_mw_h: null }, CONGESTION_POINT).OfferOption[0].Price).toBe(0);
  });
  it("prices the power offered at the availability price, to the cent", () => {
    // 3000 W × 0.5 h × 8 = 12000 Wh = 0.012 MWh × 45 €/MW/h = 0.54 €
    const doc = toUftpFlexOffer({ ...offer, power_w: Array(8).fill(3000), availability_eur_per_mw_h: 45 }, CONGESTION_POINT);
    expect(doc.OfferOption[0].Price).toBe(0.54);
  });
  it("passes the congestion point through; Foyer's is its community", () => {
    expect(CONGESTION_POINT).toBe("foyer:community");
    expect(toUftpFlexOffer(offer, "ean.871685900012345678").CongestionPoint).toBe("ean.871685900012345678");
  });
});

describe("capacityW and offerSettlement: the review's cases", () => {
  it("keeps down plus up equal to the rated power when the baseline ends in half a watt", () => {
    // 1234.5 W rounds once to 1235: down 1235, up 3000 − 1235 = 1765, together 3000
    expect(capacityW("down", 3000, 1234.5)).toBe(1235);
    expect(capacityW("up", 3000, 1234.5)).toBe(1765);
  });

  it("refuses a power per period that does not cover the baseline's periods", () => {
    expect(() =>
      offerSettlement({ direction: "down", stepMin: 30, powerW: [100], baselineW: [200, 200], availabilityEurPerMwH: null, utilisationEurPerMwh: null }, [100, 100]),
    ).toThrow("Power of 1 periods, baseline of 2");
  });
});
