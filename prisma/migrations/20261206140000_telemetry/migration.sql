-- Live device telemetry (issue 49; docs/telemetry.md). A device's MQTT access and state in
-- public.device_mqtt (Prisma's DeviceMqtt); its readings in the `telemetry` schema, raw SQL read and
-- written by lib/services/telemetry/ with $queryRaw, outside Prisma's relation graph like `energy`.

CREATE TYPE "TelemetryFormat" AS ENUM ('shelly_gen2', 'shelly_gen1', 'teleinfo', 'foyer_json');

CREATE TABLE "device_mqtt" (
    "device_id"       INTEGER            NOT NULL,
    "username"        TEXT               NOT NULL,
    -- PBKDF2-SHA512 in Mosquitto's password-file format ($7$...), checked by the embedded broker
    -- and written as is into Mosquitto's password file: one hash serves both
    "password_hash"   TEXT,
    "password_set_at" TIMESTAMPTZ(3),
    "topic_prefix"    TEXT               NOT NULL,
    "format"          "TelemetryFormat"  NOT NULL,
    -- what the device last said on its `online` topic (null: never said)
    "online"          BOOLEAN,
    "last_seen_at"    TIMESTAMPTZ(3),
    "last_error"      TEXT,
    "last_error_at"   TIMESTAMPTZ(3),
    "error_count"     INTEGER            NOT NULL DEFAULT 0,
    "message_count"   BIGINT             NOT NULL DEFAULT 0,
    "created_at"      TIMESTAMPTZ(3)     NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at"      TIMESTAMPTZ(3)     NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_mqtt_pkey" PRIMARY KEY ("device_id"),
    CONSTRAINT "device_mqtt_device_id_fkey" FOREIGN KEY ("device_id") REFERENCES "devices" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "device_mqtt_prefix_check" CHECK (char_length("topic_prefix") BETWEEN 1 AND 128 AND "topic_prefix" !~ '[+#]' AND left("topic_prefix", 1) NOT IN ('/', '$') AND right("topic_prefix", 1) <> '/')
);
CREATE UNIQUE INDEX "device_mqtt_username_key" ON "device_mqtt" ("username");
CREATE UNIQUE INDEX "device_mqtt_topic_prefix_key" ON "device_mqtt" ("topic_prefix");

CREATE SCHEMA telemetry;

-- Raw samples as the devices sent them (a field a message did not carry is NULL, not zero), kept
-- about 10 days in daily partitions (UTC days) that telemetry.keep_partitions() creates ahead and
-- drops behind. The key absorbs redelivered and duplicated messages.
CREATE TABLE telemetry.samples (
    measurement_id INTEGER          NOT NULL,
    ts             TIMESTAMPTZ(3)   NOT NULL,
    power_w        REAL,
    import_wh      DOUBLE PRECISION,
    export_wh      DOUBLE PRECISION,
    apparent_va    REAL,
    CONSTRAINT samples_pkey PRIMARY KEY (measurement_id, ts),
    CONSTRAINT samples_measurement_id_fkey FOREIGN KEY (measurement_id) REFERENCES public.measurements (id) ON DELETE CASCADE
) PARTITION BY RANGE (ts);

-- 1-minute rollups (kept at least 2 years, monthly partitions): power mean/min/max over the
-- minute's samples, energy from the counters' differences (a counter that went down was reset).
CREATE TABLE telemetry.minutes (
    measurement_id INTEGER          NOT NULL,
    start          TIMESTAMPTZ      NOT NULL,
    power_avg      REAL,
    power_min      REAL,
    power_max      REAL,
    import_wh      DOUBLE PRECISION NOT NULL DEFAULT 0,
    export_wh      DOUBLE PRECISION NOT NULL DEFAULT 0,
    samples        INTEGER          NOT NULL DEFAULT 0,
    CONSTRAINT minutes_pkey PRIMARY KEY (measurement_id, start),
    CONSTRAINT minutes_measurement_id_fkey FOREIGN KEY (measurement_id) REFERENCES public.measurements (id) ON DELETE CASCADE
) PARTITION BY RANGE (start);

-- 15-minute energy, kept for ever: the step of flexibility settlement and baselines.
CREATE TABLE telemetry.quarters (
    measurement_id INTEGER          NOT NULL,
    start          TIMESTAMPTZ      NOT NULL,
    power_avg      REAL,
    power_min      REAL,
    power_max      REAL,
    import_wh      DOUBLE PRECISION NOT NULL DEFAULT 0,
    export_wh      DOUBLE PRECISION NOT NULL DEFAULT 0,
    -- the values in the key's index too: a year of a measurement's quarters read without the heap
    CONSTRAINT quarters_pkey PRIMARY KEY (measurement_id, start) INCLUDE (import_wh, export_wh, power_avg, power_min, power_max),
    CONSTRAINT quarters_measurement_id_fkey FOREIGN KEY (measurement_id) REFERENCES public.measurements (id) ON DELETE CASCADE
);

-- Creates the partitions that cover [from_day, to_day] (daily samples, monthly minutes) and drops
-- the samples older than keep_sample_days and the minutes older than keep_minute_months. Idempotent;
-- several processes may run it at once (a partition another one just made is not an error).
CREATE FUNCTION telemetry.keep_partitions(from_day DATE, to_day DATE, keep_sample_days INTEGER, keep_minute_months INTEGER) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  d DATE;
  part RECORD;
BEGIN
  d := greatest(from_day, current_date - keep_sample_days);
  WHILE d <= to_day LOOP
    BEGIN
      EXECUTE format('CREATE TABLE IF NOT EXISTS telemetry.%I PARTITION OF telemetry.samples FOR VALUES FROM (%L) TO (%L)',
        'samples_' || to_char(d, 'YYYYMMDD'), d::text || ' 00:00:00+00', (d + 1)::text || ' 00:00:00+00');
    EXCEPTION WHEN duplicate_table OR unique_violation THEN NULL;
    END;
    d := d + 1;
  END LOOP;
  d := date_trunc('month', from_day)::date;
  WHILE d <= to_day LOOP
    BEGIN
      EXECUTE format('CREATE TABLE IF NOT EXISTS telemetry.%I PARTITION OF telemetry.minutes FOR VALUES FROM (%L) TO (%L)',
        'minutes_' || to_char(d, 'YYYYMM'), d::text || ' 00:00:00+00', (d + interval '1 month')::date::text || ' 00:00:00+00');
    EXCEPTION WHEN duplicate_table OR unique_violation THEN NULL;
    END;
    d := (d + interval '1 month')::date;
  END LOOP;
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace
    WHERE n.nspname = 'telemetry' AND p.relname = 'samples' AND c.relname ~ '^samples_[0-9]{8}$'
      AND to_date(substr(c.relname, 9), 'YYYYMMDD') < current_date - keep_sample_days
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS telemetry.%I', part.relname);
  END LOOP;
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    JOIN pg_namespace n ON n.oid = p.relnamespace
    WHERE n.nspname = 'telemetry' AND p.relname = 'minutes' AND c.relname ~ '^minutes_[0-9]{6}$'
      AND to_date(substr(c.relname, 9), 'YYYYMM') < (date_trunc('month', current_date) - make_interval(months => keep_minute_months))::date
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS telemetry.%I', part.relname);
  END LOOP;
END;
$$;

-- the days a fresh database needs at once (the app keeps them in step from then on:
-- lib/services/telemetry/partitions.ts); minutes from two months back, for a device's own records
SELECT telemetry.keep_partitions(current_date - 10, current_date + 3, 10, 25);
SELECT telemetry.keep_partitions((date_trunc('month', current_date) - interval '2 months')::date, current_date, 10, 25);

-- A device's access changed (created, a new password, another prefix or format, deleted, with its
-- device or its owner): the broker closes its connection at once and the ingest re-reads its
-- topics (lib/mqtt/access-events.ts LISTENs). Status updates (last seen, errors) notify nothing.
CREATE FUNCTION public.device_mqtt_access_changed() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('foyer_mqtt_access', OLD.username);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('foyer_mqtt_access', NEW.username);
  ELSE
    PERFORM pg_notify('foyer_mqtt_access', OLD.username);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER device_mqtt_inserted AFTER INSERT ON "device_mqtt" FOR EACH ROW EXECUTE FUNCTION public.device_mqtt_access_changed();
CREATE TRIGGER device_mqtt_deleted AFTER DELETE ON "device_mqtt" FOR EACH ROW EXECUTE FUNCTION public.device_mqtt_access_changed();
CREATE TRIGGER device_mqtt_changed AFTER UPDATE ON "device_mqtt" FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.topic_prefix IS DISTINCT FROM NEW.topic_prefix OR OLD.format IS DISTINCT FROM NEW.format)
  EXECUTE FUNCTION public.device_mqtt_access_changed();

-- a device's measurements changed (added, renamed, another prefix, removed): the ingest re-reads
-- which channel feeds which measurement
CREATE FUNCTION public.measurements_routes_changed() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('foyer_mqtt_routes', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER measurements_routes_changed AFTER INSERT OR DELETE OR UPDATE OF name, prefix, device_id ON "measurements" FOR EACH STATEMENT EXECUTE FUNCTION public.measurements_routes_changed();
