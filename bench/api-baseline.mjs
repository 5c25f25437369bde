// The bare baseline of `npm run bench:api` (bench/api.mjs): node:http and pg, nothing else,
// answering the four lists the benchmark measures with the bytes the app answers (the benchmark
// checks that before measuring, and fails otherwise). It does what the app's handler must do and
// no more: verify the HS256 bearer token (as lib/auth/tokens.ts, with node:crypto), load the
// caller's row and check it is active with the token's version (lib/auth/caller.ts), then read the
// page and its total in two statements at once on a pool of DB_POOL_MAX connections (the app's
// pool and timeouts, lib/db), and build the JSON as the serializers do (lib/serializers).
// Only `_start`, `_end` and `_sort=id` are read; the query shapes are the services' own
// (lib/services/{locations,schedules,devices,users}), written by hand.
// Env: PORT, DATABASE_URL, SECRET_KEY, DB_POOL_MAX (10), DB_POOL_MIN (2), DB_POOL_IDLE_MS (30000).
import crypto from "node:crypto";
import http from "node:http";
import pg from "pg";
import { securityHeaders } from "../server/http-guard";

const SECRET = process.env.SECRET_KEY ?? "";
if (SECRET.length < 32 || !process.env.DATABASE_URL) throw new Error("bench-api-baseline: DATABASE_URL and SECRET_KEY are required");
const STATEMENT_MS = 5000;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_MAX ?? 10),
  connectionTimeoutMillis: 3000,
  statement_timeout: STATEMENT_MS,
  lock_timeout: STATEMENT_MS,
  idle_in_transaction_session_timeout: STATEMENT_MS * 2,
  query_timeout: STATEMENT_MS + 1000,
  keepAlive: true,
  // kept and closed as the app's pool does (lib/db/index.ts poolOptions)
  min: Number(process.env.DB_POOL_MIN ?? 2),
  idleTimeoutMillis: Number(process.env.DB_POOL_IDLE_MS ?? 30_000),
});
/** lib/privacy/notice.ts PRIVACY_NOTICE.version: `accepted_tos` is true for the current notice only */
const NOTICE_VERSION = Number(process.env.BENCH_NOTICE_VERSION ?? 2);
const MAX_WITHOUT_END = 1000;
const KEY = Buffer.from(SECRET, "utf8");

class HttpError extends Error {
  constructor(status, detail, headers = {}) {
    super(detail);
    this.status = status;
    this.headers = headers;
  }
}
const unauthorized = () => new HttpError(401, "Could not validate credentials", { "WWW-Authenticate": "Bearer" });

/** jose's jwtVerify as the app calls it: HS256 only, `exp` and `sub` required, `exp` in the future. */
function verify(token) {
  if (token.length > 4096) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8"));
    if (header.alg !== "HS256") return null;
    const sig = Buffer.from(parts[2], "base64url");
    const expected = crypto.createHmac("sha256", KEY).update(`${parts[0]}.${parts[1]}`).digest();
    if (sig.length !== expected.length || !crypto.timingSafeEqual(sig, expected)) return null;
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    if (typeof claims.exp !== "number" || claims.exp <= Math.floor(Date.now() / 1000)) return null;
    if (typeof claims.sub !== "string" || !/^\d+$/.test(claims.sub) || typeof claims.ver !== "number") return null;
    return claims;
  } catch {
    return null;
  }
}

async function caller(req) {
  const m = /^Bearer\s+(\S+)$/i.exec((req.headers.authorization ?? "").trim());
  const claims = m && verify(m[1]);
  if (!claims) throw unauthorized();
  const { rows } = await pool.query(
    "SELECT id, email, first_name, last_name, is_superuser, accepted_tos, tos_version, token_version, is_active FROM users WHERE id = $1",
    [Number(claims.sub)],
  );
  const u = rows[0];
  if (!u || !u.is_active || u.token_version !== claims.ver) throw unauthorized();
  return u;
}

function page(url) {
  const start = Number(url.searchParams.get("_start") ?? 0);
  const end = url.searchParams.get("_end");
  const sort = url.searchParams.get("_sort") ?? "id";
  const order = (url.searchParams.get("_order") ?? "asc").toLowerCase();
  if (sort !== "id" || order !== "asc") throw new HttpError(400, "the baseline sorts by id ascending only");
  return { offset: start, limit: end === null ? MAX_WITHOUT_END : Math.max(0, Number(end) - start) };
}

const measurementView = (r) => ({
  id: r.m_id,
  device_id: r.m_device_id,
  name: r.m_name,
  display_name: r.m_display_name,
  measure_type: r.m_measure_type,
  classification: r.m_classification,
  programmable: r.m_programmable,
  smart_appliance_category: r.m_smart_appliance_category,
  prefix: r.m_prefix,
  suffix: r.m_suffix,
  quantities: (Array.isArray(r.m_quantities) ? r.m_quantities : []).map((q) => ({ unit: q.unit ?? null, databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? null })),
  created_at: r.m_created_at.toISOString(),
});

const deviceView = (r) => ({
  id: r.d_id,
  device_id: r.d_device_id,
  device_type: r.d_device_type,
  phase_m: r.d_phase_m,
  owner_id: r.d_owner_id,
  location_id: r.d_location_id,
  integration_id: r.d_integration_id,
  created_at: r.d_created_at.toISOString(),
  updated_at: r.d_updated_at.toISOString(),
  metadata: [],
});

const DEVICE_COLUMNS = `d.id AS d_id, d.device_id AS d_device_id, d.device_type AS d_device_type, d.phase_m AS d_phase_m, d.owner_id AS d_owner_id,
  d.location_id AS d_location_id, d.integration_id AS d_integration_id, d.created_at AS d_created_at, d.updated_at AS d_updated_at`;
const MEASUREMENT_COLUMNS = `m.id AS m_id, m.device_id AS m_device_id, m.name AS m_name, m.display_name AS m_display_name, m.measure_type AS m_measure_type,
  m.classification AS m_classification, m.programmable AS m_programmable, m.smart_appliance_category AS m_smart_appliance_category,
  m.prefix AS m_prefix, m.suffix AS m_suffix, m.quantities AS m_quantities, m.created_at AS m_created_at`;

/** Devices (and their measurements) from joined rows ordered by device then measurement. */
function foldDevices(rows, into) {
  let device = null;
  for (const r of rows) {
    if (r.d_id === null) continue;
    if (device?.id !== r.d_id) {
      device = deviceView(r);
      into(r, device);
    }
    if (r.m_id !== null) device.metadata.push(measurementView(r));
  }
}

const count = async (sql, args) => (await pool.query(sql, args)).rows[0].n;

const lists = {
  // GET /api/v1/locations/my: the caller's own, with devices and measurements
  async "/api/v1/locations/my"(u, url) {
    const { offset, limit } = page(url);
    const [{ rows }, total] = await Promise.all([
      pool.query(
        `SELECT l.id, l.name, l.country, l.lat, l.lon, l.owner_id, l.created_at, l.updated_at, ${DEVICE_COLUMNS}, ${MEASUREMENT_COLUMNS}
         FROM (SELECT * FROM locations WHERE owner_id = $1 ORDER BY id LIMIT $2 OFFSET $3) l
         LEFT JOIN devices d ON d.location_id = l.id AND d.owner_id = l.owner_id
         LEFT JOIN measurements m ON m.device_id = d.id
         ORDER BY l.id, d.id, m.id`,
        [u.id, limit, offset],
      ),
      count("SELECT count(*)::int AS n FROM locations WHERE owner_id = $1", [u.id]),
    ]);
    const items = [];
    let location = null;
    for (const r of rows) {
      if (location?.id !== r.id) {
        location = {
          id: r.id,
          name: r.name,
          country: r.country,
          lat: Number(r.lat),
          lon: Number(r.lon),
          owner_id: r.owner_id,
          created_at: r.created_at.toISOString(),
          updated_at: r.updated_at.toISOString(),
          devices_info: [],
        };
        items.push(location);
      }
    }
    const byId = new Map(items.map((l) => [l.id, l]));
    foldDevices(rows, (r, d) => byId.get(r.id).devices_info.push(d));
    return { items, total };
  },

  // GET /api/v1/schedules: own (admin: all)
  async "/api/v1/schedules"(u, url) {
    const { offset, limit } = page(url);
    const where = u.is_superuser ? "" : "WHERE user_id = $3";
    const args = u.is_superuser ? [] : [u.id];
    const [{ rows }, total] = await Promise.all([
      pool.query(`SELECT id, user_id, der_name, type, data, created_at, updated_at FROM schedules ${where} ORDER BY id LIMIT $1 OFFSET $2`, [limit, offset, ...args]),
      count(`SELECT count(*)::int AS n FROM schedules ${where.replace("$3", "$1")}`, args),
    ]);
    const items = rows.map((s) => ({
      id: s.id,
      user_id: s.user_id,
      der_name: s.der_name,
      type: s.type,
      created_at: s.created_at.toISOString(),
      updated_at: s.updated_at.toISOString(),
      data: s.data,
    }));
    return { items, total };
  },

  // GET /api/v1/device_info/: own devices with their measurements (admin: all)
  async "/api/v1/device_info/"(u, url) {
    const { offset, limit } = page(url);
    const where = u.is_superuser ? "" : "WHERE owner_id = $3";
    const args = u.is_superuser ? [] : [u.id];
    const [{ rows }, total] = await Promise.all([
      pool.query(
        `SELECT ${DEVICE_COLUMNS}, ${MEASUREMENT_COLUMNS}
         FROM (SELECT * FROM devices ${where} ORDER BY id LIMIT $1 OFFSET $2) d
         LEFT JOIN measurements m ON m.device_id = d.id
         ORDER BY d.id, m.id`,
        [limit, offset, ...args],
      ),
      count(`SELECT count(*)::int AS n FROM devices ${where.replace("$3", "$1")}`, args),
    ]);
    const items = [];
    foldDevices(rows, (_r, d) => items.push(d));
    return { items, total };
  },

  // GET /api/v1/users: admin, every user; others, only themselves
  async "/api/v1/users"(u, url) {
    const { offset, limit } = page(url);
    const where = u.is_superuser ? "" : "WHERE id = $3";
    const args = u.is_superuser ? [] : [u.id];
    const [{ rows }, total] = await Promise.all([
      pool.query(
        `SELECT id, email, first_name, last_name, is_active, is_superuser, accepted_tos, tos_version, created_at FROM users ${where} ORDER BY id LIMIT $1 OFFSET $2`,
        [limit, offset, ...args],
      ),
      count(`SELECT count(*)::int AS n FROM users ${where.replace("$3", "$1")}`, args),
    ]);
    const items = rows.map((r) => ({
      id: r.id,
      email: r.email,
      first_name: r.first_name,
      last_name: r.last_name,
      is_active: r.is_active,
      is_superuser: r.is_superuser,
      accepted_tos: r.accepted_tos && (r.tos_version ?? 0) >= NOTICE_VERSION,
      created_at: r.created_at.toISOString(),
    }));
    return { items, total };
  },
};

function send(res, pathname, status, body, headers) {
  const buf = Buffer.from(body);
  res.writeHead(status, { ...securityHeaders({ https: false, pathname }), "Content-Type": "application/json", "Content-Length": buf.length, "Cache-Control": "no-store", ...headers });
  res.end(buf);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://baseline");
  if (url.pathname === "/health") return send(res, url.pathname, 200, '{"status":"ok"}', {});
  const list = req.method === "GET" ? lists[url.pathname] : undefined;
  if (!list) return send(res, url.pathname, 404, JSON.stringify({ detail: "Not Found", code: "not_found" }), {});
  try {
    const { items, total } = await list(await caller(req), url);
    send(res, url.pathname, 200, JSON.stringify(items), { "X-Total-Count": String(total), "Access-Control-Expose-Headers": "X-Total-Count" });
  } catch (e) {
    if (e instanceof HttpError) return send(res, url.pathname, e.status, JSON.stringify({ detail: e.message }), e.headers);
    console.error(e);
    send(res, url.pathname, 500, JSON.stringify({ detail: "Internal server error" }), {});
  }
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT ?? 3600), "127.0.0.1");
const stop = () => server.close(() => pool.end().finally(() => process.exit(0)));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
