// Netatmo Connect sandbox: one home with a thermostat, as /api/homesdata describes it.
import { sandboxHandler, type SandboxOptions, type VendorSandbox } from "./common";

const SANDBOX_HOMES_DATA = {
  homes: [
    {
      id: "5e1f0a2b3c4d5e6f7a8b9c0d",
      name: "Sandbox home",
      altitude: 35,
      coordinates: [4.8357, 45.764],
      country: "FR",
      timezone: "Europe/Paris",
      rooms: [{ id: "1234567890", name: "Living room", type: "livingroom", module_ids: ["04:00:00:aa:bb:cc"] }],
      modules: [
        { id: "70:ee:50:aa:bb:cc", type: "NAPlug", name: "Relay", setup_date: 1700000000, modules_bridged: ["04:00:00:aa:bb:cc"] },
        { id: "04:00:00:aa:bb:cc", type: "NATherm1", name: "Thermostat", setup_date: 1700000000, room_id: "1234567890", bridge: "70:ee:50:aa:bb:cc" },
      ],
      therm_setpoint_default_duration: 180,
      therm_mode: "schedule",
    },
  ],
  user: { email: "sandbox@example.com", language: "en-US", locale: "en-US", feel_like_algorithm: 0, unit_pressure: 0, unit_system: 0, unit_wind: 0, id: "5e1f0a2b3c4d5e6f7a8b9c01" },
};

const netatmo: VendorSandbox = {
  vendor: "netatmo",
  title: "Netatmo: authorize Foyer",
  expiresIn: 10_800,
  scope: "read_thermostat",
  data(req, path, { bearer }) {
    if (path !== "/api/homesdata" || req.method !== "GET") return Response.json({ error: { code: 404, message: "Not found" } }, { status: 404 });
    if (!bearer) return Response.json({ error: { code: 3, message: "Access token expired" } }, { status: 403 });
    return Response.json({ body: SANDBOX_HOMES_DATA, status: "ok", time_exec: 0.01, time_server: Math.floor(Date.now() / 1000) });
  },
};

export const netatmoSandbox = (opts: SandboxOptions) => sandboxHandler(netatmo, opts);
