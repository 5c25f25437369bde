import { z } from "zod";
import os from "node:os";
import { parseTrustedProxies } from "@/lib/auth/trusted-proxies";
import { brotliQualityFrom, embeddedPgPortFrom, flagFrom, maxBodyBytesFrom, portFrom, processesFrom, secretKeyProblem } from "@/lib/shared/settings.mjs";

const bool = (def: boolean) =>
  z.enum(["true", "false", "1", "0", "yes", "no"]).optional().transform((v) => (v === undefined ? def : ["true", "1", "yes"].includes(v)));
const int = (def: number) => z.coerce.number().int().positive().default(def);

/**
 * A setting the server reads itself before the app runs (server/main.mts), with its rule from
 * lib/shared/settings.mjs: declared and checked here like every other, read there with the same
 * function (the server does not load zod: docs/architecture.md).
 */
const serverSetting = (name: string, read: (env: Record<string, string | undefined>) => unknown) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        read({ [name]: value });
      } catch (e) {
        ctx.addIssue({ code: "custom", message: (e as Error).message });
      }
    });

/**
 * Vendor accounts (lib/integrations) and the dashboard service (lib/services/dashboards): checked
 * at start with the rest, and read again at each use by integrationsEnv().
 */
const integrationsShape = {
  /** vendor accounts (lib/integrations): without a vendor's client id, the bundled sandbox stands in */
  INTEGRATIONS_SANDBOX_URL: z.string().url().optional(),
  LINKY_CLIENT_ID: z.string().min(1).optional(),
  LINKY_CLIENT_SECRET: z.string().min(1).optional(),
  LINKY_AUTHORIZE_URL: z.string().url().default("https://mon-compte-particulier.enedis.fr/dataconnect/v1/oauth2/authorize"),
  LINKY_TOKEN_URL: z.string().url().default("https://gw.ext.prod.api.enedis.fr/oauth2/v3/token"),
  /** RFC 7009 revocation of a household's tokens (account deletion, unlink) */
  LINKY_REVOKE_URL: z.string().url().default("https://gw.ext.prod.api.enedis.fr/oauth2/v3/revoke"),
  LINKY_API_URL: z.string().url().default("https://gw.ext.prod.api.enedis.fr"),
  LINKY_CONSENT_DURATION: z.string().regex(/^P\d+[DMY]$/).default("P1Y"),
  NETATMO_CLIENT_ID: z.string().min(1).optional(),
  NETATMO_CLIENT_SECRET: z.string().min(1).optional(),
  NETATMO_URL: z.string().url().default("https://api.netatmo.com"),
  NETATMO_SCOPE: z.string().default("read_station read_thermostat read_homecoach"),
  LEGRAND_CLIENT_ID: z.string().min(1).optional(),
  LEGRAND_CLIENT_SECRET: z.string().min(1).optional(),
  LEGRAND_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  LEGRAND_AUTH_URL: z.string().url().default("https://partners-login.eliotbylegrand.com"),
  LEGRAND_API_URL: z.string().url().default("https://api.developer.legrand.com"),
  /** the dashboard service (Grafana): the server searches it with its token; unset, /dashboards says it is not enabled */
  DASHBOARD_URL: z.string().url().optional(),
  DASHBOARD_TOKEN: z.string().min(1).optional(),
  /** where browsers load the dashboards' frames from (default DASHBOARD_URL) */
  DASHBOARD_PUBLIC_URL: z.string().url().optional(),
};

const integrationsObject = z.object(integrationsShape);

/** Each vendor's client id needs its secret (Legrand's its subscription key), the dashboard service its token. */
function checkIntegrations(env: z.output<typeof integrationsObject>, ctx: z.RefinementCtx) {
  for (const v of ["LINKY", "NETATMO", "LEGRAND"] as const) {
    if (env[`${v}_CLIENT_ID`] && !env[`${v}_CLIENT_SECRET`]) {
      ctx.addIssue({ code: "custom", path: [`${v}_CLIENT_SECRET`], message: `${v}_CLIENT_ID is set: ${v}_CLIENT_SECRET is required too` });
    }
  }
  if (env.LEGRAND_CLIENT_ID && !env.LEGRAND_SUBSCRIPTION_KEY) {
    ctx.addIssue({ code: "custom", path: ["LEGRAND_SUBSCRIPTION_KEY"], message: "LEGRAND_CLIENT_ID is set: LEGRAND_SUBSCRIPTION_KEY is required too" });
  }
  if (env.DASHBOARD_URL && !env.DASHBOARD_TOKEN) {
    ctx.addIssue({ code: "custom", path: ["DASHBOARD_TOKEN"], message: "DASHBOARD_URL is set: DASHBOARD_TOKEN is required too" });
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z.string().url({ message: "DATABASE_URL must be a postgresql:// URL" }),
    /** set by server/main.mts when it started the embedded cluster */
    FOYER_EMBEDDED_DB: bool(false),
    /** the server (server/main.mts): where it listens, how many processes serve, what it accepts and compresses */
    PORT: serverSetting("PORT", portFrom),
    HOST: z.string().optional(),
    FOYER_PROCESSES: serverSetting("FOYER_PROCESSES", (e) => processesFrom(e, false, os.availableParallelism())),
    MAX_BODY_BYTES: serverSetting("MAX_BODY_BYTES", maxBodyBytesFrom),
    BROTLI_QUALITY: serverSetting("BROTLI_QUALITY", brotliQualityFrom),
    /** the start: the seed at each start (when its inputs changed), the demo household in it */
    SEED_ON_START: serverSetting("SEED_ON_START", (e) => flagFrom(e, "SEED_ON_START", true)),
    SEED_DEMO: serverSetting("SEED_DEMO", (e) => flagFrom(e, "SEED_DEMO", true)),
    DEMO_USER_EMAIL: z.string().email().optional(),
    DEMO_USER_PASSWORD: z.string().min(1).optional(),
    /** without DATABASE_URL: the embedded PostgreSQL's port and where local state lives (.data/) */
    EMBEDDED_PG_PORT: serverSetting("EMBEDDED_PG_PORT", embeddedPgPortFrom),
    FOYER_DATA_DIR: z.string().optional(),
    /** tooling: where `npm run build` writes (default .next), start-up timings printed, a throw-away cluster without fsync (tests), the schema engine's log */
    FOYER_DIST_DIR: z.string().optional(),
    FOYER_TIMING: serverSetting("FOYER_TIMING", (e) => flagFrom(e, "FOYER_TIMING", false)),
    FOYER_PG_FAST: serverSetting("FOYER_PG_FAST", (e) => flagFrom(e, "FOYER_PG_FAST", false)),
    DEBUG_SCHEMA_ENGINE: z.string().optional(),
    SECRET_KEY: z.string().min(32, { message: "SECRET_KEY must be at least 32 characters" }),
    ENCRYPTION_KEY: z.string().min(32).optional(),
    APP_URL: z.string().url().default("http://localhost:3000"),
    ACCESS_TOKEN_EXPIRE_MINUTES: int(60),
    BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(10),
    SESSION_HOURS: int(12),
    REMEMBER_ME_DAYS: int(14),
    FIRST_SUPERUSER_EMAIL: z.string().email().optional(),
    FIRST_SUPERUSER_PASSWORD: z.string().min(8).optional(),
    SMTP_URL: z.string().optional(),
    EMAILS_FROM: z.string().default("Foyer <no-reply@foyer.local>"),
    CONTACT_EMAIL: z.string().email().default("contact@foyer-energy.eu"),
    LOGIN_MAX_FAILURES_PER_EMAIL: int(10),
    LOGIN_MAX_FAILURES_PER_CLIENT: int(50),
    LOGIN_WINDOW_MINUTES: int(15),
    SIGNUP_MAX_PER_HOUR: int(30),
    RECOVERY_MAX_PER_HOUR: int(30),
    /** the reverse proxies whose X-Forwarded-For is believed: addresses, CIDRs, "loopback", "private"; none by default */
    TRUST_PROXY: z.string().max(2000).default(""),
    PASSWORD_RESET_MINUTES: int(60),
    RESET_MAX_PER_HOUR: int(30),
    /** meter exports (CSV/XML downloads) a user may start per hour */
    EXPORTS_MAX_PER_HOUR: int(30),
    /** Enedis customer-area files a user may import per hour, and previews (each parses the whole file, up to 20 MB) */
    IMPORTS_MAX_PER_HOUR: int(20),
    IMPORT_PREVIEWS_MAX_PER_HOUR: int(60),
    /** "Download my data" archives a user may ask for per 24 hours, and how long a ready one can be downloaded */
    DATA_ARCHIVES_MAX_PER_DAY: int(3),
    DATA_ARCHIVE_HOURS: int(48),
    /** the database pool: size, the longest wait for a connection, the longest statement */
    DB_POOL_MAX: int(10),
    /** connections the pool keeps open however long they stay idle (at most DB_POOL_MAX), and how long the others may idle before they are closed */
    DB_POOL_MIN: z.coerce.number().int().min(0).default(2),
    DB_POOL_IDLE_MS: int(30_000),
    DB_CONNECT_TIMEOUT_MS: int(3000),
    DB_STATEMENT_TIMEOUT_MS: int(5000),
    /** statements prepared once per connection (lib/db/statement-names.ts); false behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21) */
    DB_PREPARED_STATEMENTS: bool(true),
    /** load shedding: requests served at once per process, and how many may wait (then 503) */
    MAX_CONCURRENT_REQUESTS: int(64),
    MAX_QUEUED_REQUESTS: int(256),
    QUEUE_TIMEOUT_MS: int(3000),
    /** a read (GET, HEAD) not answered within this, queue included, gets a 503 (a frozen database holds it no longer) */
    READ_DEADLINE_MS: int(4500),
    /** password hashing off the event loop: worker threads (default: cores - 1, at least 1) and queue bound */
    BCRYPT_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    BCRYPT_QUEUE_MAX: int(64),
    /** the Enedis call budget per API, shared by every worker process */
    LINKY_MAX_PER_SECOND: int(5),
    LINKY_MAX_PER_HOUR: int(1000),
    /** the Linky sandbox's own quota per API, as Enedis' (5/s); a test server may raise it with LINKY_MAX_PER_SECOND */
    LINKY_SANDBOX_MAX_PER_SECOND: z.coerce.number().int().min(0).default(5),
    /** background workers (energy sync) inside this server process; false when they run apart (npm run worker) */
    FOYER_WORKERS: bool(true),
    /** a job running longer than this is taken as cut short by a crash and handed out again */
    JOBS_EXPIRE_SECONDS: int(120),
    JOBS_MAINTENANCE_SECONDS: int(60),
    /** the first retry's delay of a failed or expired sync job, doubled at each further try */
    JOBS_RETRY_SECONDS: int(30),
    MAIL_DIR: z.string().optional(),
    ...integrationsShape,
    /** RTE's Tempo calendar (origin: https://www.services-rte.com): the tempo-refresh job reads colours there; unset, nothing is fetched */
    TEMPO_URL: z.string().url().optional(),
    /** ODRÉ (RTE éCO2mix `taux_co2`): the carbon-refresh job fetches the grid's recent intensity hourly; unset, nothing is fetched */
    CARBON_URL: z.string().url().optional(),
    CARBON_DATASET: z.enum(["eco2mix-national-tr", "eco2mix-national-cons-def"]).default("eco2mix-national-tr"),
    // Live telemetry (docs/telemetry.md)
    /** an MQTT broker of your own (Mosquitto: docs/telemetry.md); unset, the app runs its embedded broker */
    MQTT_URL: z.string().regex(/^mqtts?:\/\/[^\s]+$/, { message: "MQTT_URL must be an mqtt:// or mqtts:// URL" }).optional(),
    /** the embedded broker's port and the address it listens on (all interfaces: devices on the network must reach it) */
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
    MQTT_BIND: z.string().min(1).default("0.0.0.0"),
    /** a certificate and key (PEM files): the embedded broker also listens with TLS on MQTT_TLS_PORT */
    MQTT_TLS_CERT: z.string().min(1).optional(),
    MQTT_TLS_KEY: z.string().min(1).optional(),
    MQTT_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8883),
    /** what a device is told to connect to (mqtt://host:port or mqtts://...); default: APP_URL's host and the broker's port */
    MQTT_PUBLIC_URL: z.string().regex(/^mqtts?:\/\/[^\s/]+$/, { message: "MQTT_PUBLIC_URL must be mqtt://host:port or mqtts://host:port" }).optional(),
    /** live telemetry in this process: the embedded broker (without MQTT_URL), the ingest, the device simulator (false in the extra serving processes) */
    FOYER_TELEMETRY: bool(true),
    /** the ingest (MQTT to PostgreSQL) in this process; false when it runs apart (npm run worker) */
    FOYER_INGEST: bool(true),
    /** this ingest's name on the broker (its session survives a restart): distinct per ingest process */
    FOYER_INGEST_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).default("main"),
    /** MQTT 5 shared subscriptions, so several ingest processes split one stream (Mosquitto; the embedded broker has one ingest) */
    MQTT_SHARED_GROUP: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    /** Mosquitto's password and ACL files the app keeps in step with the devices (then SIGHUP to MOSQUITTO_PID_FILE's process) */
    MOSQUITTO_PASSWORD_FILE: z.string().min(1).optional(),
    MOSQUITTO_ACL_FILE: z.string().min(1).optional(),
    MOSQUITTO_PID_FILE: z.string().min(1).optional(),
    /** messages a device may publish per second, averaged over 10 s; more are dropped and counted */
    MQTT_DEVICE_MAX_PER_SECOND: z.coerce.number().positive().default(20),
    /** the demo household's device simulator (the sandbox's): publishes for the demo household's devices, when there is one */
    DEVICE_SIMULATOR: bool(true),
  })
  .superRefine((env, ctx) => {
    // (the server checks the same before it migrates anything: lib/shared/settings.mjs)
    // (a short one is said once, by the field's own min(32))
    const secretProblem = env.NODE_ENV === "production" && !env.FOYER_EMBEDDED_DB && env.SECRET_KEY.length >= 32 ? secretKeyProblem(env.SECRET_KEY) : null;
    if (secretProblem) ctx.addIssue({ code: "custom", path: ["SECRET_KEY"], message: secretProblem });
    checkIntegrations(env, ctx);
    if (Boolean(env.MQTT_TLS_CERT) !== Boolean(env.MQTT_TLS_KEY)) ctx.addIssue({ code: "custom", path: ["MQTT_TLS_CERT"], message: "MQTT_TLS_CERT and MQTT_TLS_KEY go together" });
    try {
      parseTrustedProxies(env.TRUST_PROXY);
    } catch (e) {
      ctx.addIssue({ code: "custom", path: ["TRUST_PROXY"], message: (e as Error).message });
    }
  });

export type Env = z.infer<typeof schema>;

function parsed<S extends z.ZodType>(s: S): z.output<S> {
  const r = s.safeParse(process.env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Foyer cannot start: the environment is not valid.\n${lines}\nSee .env.example.`);
  }
  return r.data;
}

const load = (): Env => parsed(schema);

let cached: Env | undefined;
/** The environment, parsed once; throws a readable error on bad configuration. */
export function env(): Env {
  return (cached ??= load());
}

const integrationsSchema = integrationsObject.superRefine(checkIntegrations);
export type IntegrationsEnv = z.infer<typeof integrationsSchema>;

/**
 * The vendor and dashboard settings as process.env says now: parsed at each call, not cached, so
 * that whoever sets process.env (the test suites pointing the vendors at their fakes) is heard at
 * once. A few dozen fields: cheap beside the vendor call it precedes.
 */
export function integrationsEnv(): IntegrationsEnv {
  return parsed(integrationsSchema);
}
