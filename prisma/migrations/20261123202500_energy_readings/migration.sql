-- Energy readings (issue 10): raw SQL, in a schema of their own, outside Prisma's relation graph
-- (schema.prisma knows nothing of them, so no `include` can drag millions of rows in, and Prisma,
-- which only looks at `public`, never proposes to drop them). Read and written by
-- lib/services/readings with $queryRaw / $executeRaw. Layout and measurements:
-- docs/energy-history.md, "Storage".

CREATE SCHEMA energy;

-- One row per value. kind: 1 consumption curve, 2 production curve (step_min 5..60, ts the
-- interval start), 11 daily consumption, 12 daily production (step_min 1440, ts the local
-- midnight in Europe/Paris). wh: energy of the interval. quality: 0 raw (BRUT), 1 corrected
-- (BEST), 2 other. source: 1 Enedis, 2 sandbox, 3 import.
-- No partitions and no INCLUDE (wh) on the key: both measured, neither pays for our reads.
CREATE TABLE energy.readings (
    meter_id   INTEGER          NOT NULL,
    kind       SMALLINT         NOT NULL,
    ts         TIMESTAMPTZ(3)   NOT NULL,
    wh         DOUBLE PRECISION NOT NULL,
    step_min   SMALLINT         NOT NULL,
    quality    SMALLINT         NOT NULL,
    source     SMALLINT         NOT NULL,
    fetched_at TIMESTAMPTZ(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT readings_pkey PRIMARY KEY (meter_id, kind, ts),
    CONSTRAINT readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters (id) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT readings_kind_check CHECK (kind IN (1, 2, 11, 12)),
    CONSTRAINT readings_quality_check CHECK (quality IN (0, 1, 2)),
    CONSTRAINT readings_source_check CHECK (source IN (1, 2, 3)),
    -- a curve point's step is one Linky can record, and it starts on a multiple of it; a daily
    -- value covers one local day and is stamped at its local midnight
    CONSTRAINT readings_step_check CHECK (
      CASE WHEN kind IN (1, 2)
        THEN step_min IN (5, 10, 15, 30, 60) AND date_bin(make_interval(mins => step_min), ts, TIMESTAMPTZ '2000-01-01 00:00:00+00') = ts
        ELSE step_min = 1440 AND date_trunc('day', ts, 'Europe/Paris') = ts
      END),
    -- energy is never negative; 'NaN' and 'Infinity' are not measurements
    CONSTRAINT readings_wh_check CHECK (wh >= 0 AND wh < 'Infinity')
);

-- The day's highest apparent power (consumption only) and when it was reached, per local day.
CREATE TABLE energy.daily_max_power (
    meter_id INTEGER        NOT NULL,
    day      DATE           NOT NULL,
    va       INTEGER        NOT NULL,
    at       TIMESTAMPTZ(3),

    CONSTRAINT daily_max_power_pkey PRIMARY KEY (meter_id, day),
    CONSTRAINT daily_max_power_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters (id) ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT daily_max_power_va_check CHECK (va >= 0)
);
