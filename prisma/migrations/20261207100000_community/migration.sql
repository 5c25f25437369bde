-- The community (docs/community.md): its members' dated entries and exits in the collective
-- self-consumption operation (ACC), the households' short profiles for "homes like mine", the
-- operation's settings and the operator's shares (dynamic simple and static keys), and the
-- operator's imports of Enedis' ACC data. The figures the community view reads are rollups kept in
-- a schema of their own (community.*, raw SQL like energy.*), maintained as readings arrive.

CREATE TYPE "CommunityRole" AS ENUM ('consumer', 'producer', 'both');
CREATE TYPE "HousingType" AS ENUM ('apartment', 'house');
CREATE TYPE "HeatingEnergy" AS ENUM ('electric', 'heat_pump', 'gas', 'fuel', 'wood', 'district', 'other');
CREATE TYPE "HotWaterEnergy" AS ENUM ('electric', 'heat_pump', 'gas', 'solar', 'other');
CREATE TYPE "AllocationKey" AS ENUM ('static', 'dynamic_default', 'dynamic_simple');

-- A household's participation: from joined_on (inclusive) to left_on (exclusive; null while it
-- takes part), Paris days. Rows are never deleted: an exit dates the row. One open row per household.
CREATE TABLE "community_members" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "role" "CommunityRole" NOT NULL,
    "joined_on" DATE NOT NULL,
    "left_on" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "community_members_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "community_members_dates_check" CHECK ("left_on" IS NULL OR "left_on" > "joined_on")
);
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "community_members_open_key" ON "community_members"("user_id") WHERE "left_on" IS NULL;
CREATE INDEX "community_members_user_id_joined_on_idx" ON "community_members"("user_id", "joined_on");

-- A household's short profile (My Account), every field optional.
CREATE TABLE "household_profiles" (
    "user_id" INTEGER NOT NULL,
    "housing_type" "HousingType",
    "floor_area_m2" SMALLINT,
    "occupants" SMALLINT,
    "heating" "HeatingEnergy",
    "hot_water" "HotWaterEnergy",
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "household_profiles_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "household_profiles_area_check" CHECK ("floor_area_m2" IS NULL OR "floor_area_m2" BETWEEN 9 AND 1000),
    CONSTRAINT "household_profiles_occupants_check" CHECK ("occupants" IS NULL OR "occupants" BETWEEN 1 AND 20)
);
ALTER TABLE "household_profiles" ADD CONSTRAINT "household_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The operation's settings: one row.
CREATE TABLE "community_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "name" VARCHAR(100) NOT NULL DEFAULT 'Foyer',
    "allocation_key" "AllocationKey" NOT NULL DEFAULT 'dynamic_default',
    "local_price_eur_per_kwh" DOUBLE PRECISION NOT NULL DEFAULT 0.1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "community_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "community_settings_one_check" CHECK ("id" = 1),
    CONSTRAINT "community_settings_price_check" CHECK ("local_price_eur_per_kwh" >= 0 AND "local_price_eur_per_kwh" < 10)
);
INSERT INTO "community_settings" ("id") VALUES (1);

-- The operator's share (%) of a consumer from a month on (the first of a Paris month), until the
-- next set: the static key's fixed shares and the dynamic simple key's monthly coefficients.
CREATE TABLE "community_shares" (
    "user_id" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "percent" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "community_shares_pkey" PRIMARY KEY ("month", "user_id"),
    CONSTRAINT "community_shares_percent_check" CHECK ("percent" >= 0 AND "percent" <= 100),
    CONSTRAINT "community_shares_month_check" CHECK (EXTRACT(DAY FROM "month") = 1)
);
ALTER TABLE "community_shares" ADD CONSTRAINT "community_shares_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An import of Enedis' ACC data for the operation (per meter and day: PROD, AUTOPROD, SURPLUS for
-- producers; CONS, AUTOCONS, COMPLEMENT for consumers), kept with its days for the reconciliation.
CREATE TABLE "acc_imports" (
    "id" SERIAL NOT NULL,
    "file_name" VARCHAR(200) NOT NULL,
    "from_day" DATE NOT NULL,
    "to_day" DATE NOT NULL,
    "rows" INTEGER NOT NULL,
    "meters" INTEGER NOT NULL,
    "imported_by_id" INTEGER,
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "acc_imports_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "acc_imports" ADD CONSTRAINT "acc_imports_imported_by_id_fkey" FOREIGN KEY ("imported_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "acc_import_days" (
    "import_id" INTEGER NOT NULL,
    "usage_point_id" VARCHAR(14) NOT NULL,
    "day" DATE NOT NULL,
    "cons_wh" DOUBLE PRECISION,
    "autocons_wh" DOUBLE PRECISION,
    "complement_wh" DOUBLE PRECISION,
    "prod_wh" DOUBLE PRECISION,
    "autoprod_wh" DOUBLE PRECISION,
    "surplus_wh" DOUBLE PRECISION,
    CONSTRAINT "acc_import_days_pkey" PRIMARY KEY ("import_id", "usage_point_id", "day")
);
ALTER TABLE "acc_import_days" ADD CONSTRAINT "acc_import_days_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "acc_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rollups, outside Prisma's graph (lib/services/community/rollup.ts).
CREATE SCHEMA community;

-- One household's half hours of one Paris month, every meter of it summed: `cons` and `prod` hold
-- one float4 (big-endian, Wh) per half hour from the month's first local midnight (1,486 to 1,490
-- of them), 0 where no reading is held; the totals and the points held beside them.
CREATE TABLE community.household_months (
    user_id     INTEGER          NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
    month       DATE             NOT NULL,
    cons        BYTEA            NOT NULL,
    prod        BYTEA            NOT NULL,
    cons_wh     DOUBLE PRECISION NOT NULL,
    prod_wh     DOUBLE PRECISION NOT NULL,
    cons_points INTEGER          NOT NULL,
    prod_points INTEGER          NOT NULL,
    CONSTRAINT household_months_pkey PRIMARY KEY (month, user_id)
);
CREATE INDEX household_months_user_idx ON community.household_months (user_id, month);

-- The community's half hours: its members' (those taking part that Paris day) consumption and
-- production summed, and how many members count in it.
CREATE TABLE community.half_hours (
    ts        TIMESTAMPTZ(3)   NOT NULL,
    cons_wh   DOUBLE PRECISION NOT NULL,
    prod_wh   DOUBLE PRECISION NOT NULL,
    consumers INTEGER          NOT NULL,
    producers INTEGER          NOT NULL,
    CONSTRAINT half_hours_pkey PRIMARY KEY (ts)
);

-- Each member's month under the operation's key and shares: the local production allocated to it
-- and what that saved at its supplier's prices, less the local price.
CREATE TABLE community.allocations (
    user_id      INTEGER          NOT NULL REFERENCES public.users (id) ON DELETE CASCADE,
    month        DATE             NOT NULL,
    allocated_wh DOUBLE PRECISION NOT NULL,
    savings_eur  DOUBLE PRECISION NOT NULL,
    CONSTRAINT allocations_pkey PRIMARY KEY (month, user_id)
);
CREATE INDEX allocations_user_idx ON community.allocations (user_id, month);

-- What to roll up again: a household's month (user_id > 0) or the community's month alone (0).
CREATE TABLE community.stale (
    user_id INTEGER NOT NULL,
    month   DATE    NOT NULL,
    CONSTRAINT stale_pkey PRIMARY KEY (user_id, month)
);

-- every statement that writes curve readings marks their households' months
CREATE FUNCTION community.note_stale_readings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO community.stale (user_id, month)
    SELECT DISTINCT m.user_id, date_trunc('month', c.ts AT TIME ZONE 'Europe/Paris')::date
    FROM changed c JOIN public.meters m ON m.id = c.meter_id
    WHERE c.kind IN (1, 2)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER readings_community_inserted AFTER INSERT ON energy.readings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION community.note_stale_readings();
CREATE TRIGGER readings_community_updated AFTER UPDATE ON energy.readings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION community.note_stale_readings();
CREATE TRIGGER readings_community_deleted AFTER DELETE ON energy.readings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION community.note_stale_readings();

-- a meter deleted (its readings go with it, after its row): its household's months rolled up again
CREATE FUNCTION community.note_stale_meters() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO community.stale (user_id, month)
    SELECT h.user_id, h.month FROM community.household_months h WHERE h.user_id IN (SELECT user_id FROM gone)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER meters_community_deleted AFTER DELETE ON public.meters REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION community.note_stale_meters();
