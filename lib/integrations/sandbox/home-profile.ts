// The demo household's power, instant by instant (the device simulator's model; pure): solar
// panels following the sun of the day at the home's latitude and longitude, an EV charging in the
// evening on weekdays, a water heater on off-peak hours, a fridge's cycle, cooking peaks and a base
// load. Deterministic: the same instant always gives the same watts (clouds and habits are drawn
// per day from a hash), so a restart continues the same day.
import { createHash } from "node:crypto";
import { parisDayOf, parisWall, weekdayOf } from "@/lib/time/paris";

const unit = (...parts: (string | number)[]) => createHash("sha256").update(parts.join("|")).digest().readUInt32BE(0) / 2 ** 32;

/** The sun's elevation (radians) at `t` for a place: NOAA's low-precision formulas, good to a fraction of a degree. */
function sunElevation(t: number, lat: number, lon: number): number {
  const d = t / 86_400_000 + 2440587.5 - 2451545.0; // days since J2000
  const g = ((357.529 + 0.98560028 * d) * Math.PI) / 180;
  const q = 280.459 + 0.98564736 * d;
  const L = ((q + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g)) * Math.PI) / 180;
  const e = ((23.439 - 0.00000036 * d) * Math.PI) / 180;
  const ra = Math.atan2(Math.cos(e) * Math.sin(L), Math.cos(L));
  const dec = Math.asin(Math.sin(e) * Math.sin(L));
  const gmst = (18.697374558 + 24.06570982441908 * d) % 24;
  const ha = ((gmst * 15 + lon) * Math.PI) / 180 - ra;
  const phi = (lat * Math.PI) / 180;
  return Math.asin(Math.sin(phi) * Math.sin(dec) + Math.cos(phi) * Math.cos(dec) * Math.cos(ha));
}

export type HomePower = { solar: number; ev: number; waterHeater: number; rest: number; home: number; grid: number };

const PEAK_W = 3000; // 3 kWp of panels

/**
 * The half hour's average power a meter recorded (W): drawn from the grid, and sent to it. When
 * the demo's Linky is the sandbox's, its curve is the backbone of the simulated clamps, so that
 * the clamps and Linky tell the same day (My Energy reconciles them).
 */
export type MeterCurve = { consumption: (halfHourEnd: number) => number; production: (halfHourEnd: number) => number };

const HALF_HOUR = 1_800_000;

/** Every load of the demo home at `t` (W, ≥ 0; grid negative when sending to the grid). */
export function homePower(t: number, home: { lat: number; lon: number }, meter?: MeterCurve): HomePower {
  return meter ? followMeter(t, home, meter) : ownProfile(t, home);
}

/**
 * The home as its Linky recorded it: the grid clamp reads the half hour's consumption less its
 * production (with the fridge's cycle around that mean), solar at least what was sent to the grid,
 * the water heater when the meter's off-peak load shows it, the EV in the evening's peak on
 * working days, and the rest what remains.
 */
function followMeter(t: number, home: { lat: number; lon: number }, meter: MeterCurve): HomePower {
  const end = Math.ceil(t / HALF_HOUR) * HALF_HOUR || t + HALF_HOUR;
  const drawn = meter.consumption(end);
  const sent = meter.production(end);
  const own = ownProfile(t, home);
  const day = parisDayOf(t);
  const w = parisWall(t);
  const hour = w.h + w.mi / 60;
  const working = weekdayOf(day) >= 1 && weekdayOf(day) <= 5;
  const fridge = ((t / 60_000) % 45 < 18 ? 110 : 0) - 44; // its cycle around its mean
  const grid = Math.round(drawn - sent + fridge);
  const solar = Math.max(sent, own.solar);
  const homeW = Math.max(0, grid + solar);
  const waterHeater = (hour >= 22.5 || hour < 4) && drawn >= 2100 ? 2000 : 0;
  const ev = working && hour >= 18 && hour < 20 ? Math.min(1400, Math.max(0, homeW - waterHeater - 300)) : 0;
  return { solar, ev, waterHeater, rest: Math.max(0, homeW - ev - waterHeater), home: homeW, grid };
}

function ownProfile(t: number, home: { lat: number; lon: number }): HomePower {
  const day = parisDayOf(t);
  const w = parisWall(t);
  const hour = w.h + w.mi / 60 + w.s / 3600;
  const clouds = unit("clouds", day); // 0 clear .. 1 overcast
  const elevation = sunElevation(t, home.lat, home.lon);
  // passing clouds: a few minutes' dips on partly cloudy days
  const passing = clouds > 0.3 && clouds < 0.8 && unit("cloud", day, Math.floor(t / 240_000)) < 0.35 ? 0.45 : 1;
  const solar = Math.max(0, Math.round(PEAK_W * Math.max(0, Math.sin(elevation)) ** 1.15 * (1 - 0.75 * clouds) * passing));
  const weekday = weekdayOf(day);
  const working = weekday >= 1 && weekday <= 5;
  // the EV plugs in on coming home (18:00-19:30) on working days and charges 7.4 kWh at 3.7 kW (two hours)
  const plugIn = 18 + unit("ev", day) * 1.5;
  const ev = working && hour >= plugIn && hour < plugIn + 2 ? 3700 : 0;
  // the water heater heats on off-peak hours (HC 22:00-06:00): from 01:00 until about 03:30
  const waterHeater = hour >= 1 && hour < 3.5 + unit("water", day) ? 2000 : 0;
  // fridge: 110 W for 18 of every 45 minutes
  const fridge = (t / 60_000) % 45 < 18 ? 110 : 0;
  // cooking: lunch at weekends, dinner every day
  const lunch = !working && hour >= 12 && hour < 12.6 ? 1800 : 0;
  const dinner = hour >= 19.4 && hour < 20.1 ? 2200 : 0;
  const morning = hour >= 7 && hour < 7.5 ? 900 : 0; // kettle and coffee
  const base = 180 + Math.round(60 * unit("base", Math.floor(t / 60_000)));
  const evening = hour >= 18 && hour < 23 ? 250 : 0; // lights, TV
  const rest = base + fridge + lunch + dinner + morning + evening;
  const total = rest + ev + waterHeater;
  return { solar, ev, waterHeater, rest, home: total, grid: total - solar };
}
