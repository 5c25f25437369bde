-- Flexibility offers prepared from the households' week-ahead schedules (docs/flexibility.md,
-- "Offers"), modelled on UFTP's FlexOffer. An offer's every change of status is a dated row of
-- flex_offer_changes (its `status` column is the latest of them, kept for the lists); the
-- community's offer prices are dated rows too.
CREATE TYPE "FlexOfferStatus" AS ENUM ('draft', 'offered', 'accepted', 'rejected', 'activated', 'settled', 'expired', 'superseded');

ALTER TABLE "users" ADD COLUMN "flex_auto_send_offers" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "flex_offer_prices" (
    "id" SERIAL NOT NULL,
    "availability_eur_per_mw_h" DOUBLE PRECISION,
    "utilisation_eur_per_mwh" DOUBLE PRECISION,
    "set_by_id" INTEGER,
    "set_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "flex_offer_prices_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "flex_offer_prices_check" CHECK (("availability_eur_per_mw_h" IS NULL OR "availability_eur_per_mw_h" >= 0) AND ("utilisation_eur_per_mwh" IS NULL OR "utilisation_eur_per_mwh" >= 0))
);
ALTER TABLE "flex_offer_prices" ADD CONSTRAINT "flex_offer_prices_set_by_id_fkey" FOREIGN KEY ("set_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "flex_offers" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "schedule_id" INTEGER,
    "measurement_id" INTEGER,
    "meter_id" INTEGER,
    "resource" VARCHAR(100) NOT NULL,
    "direction" "FlexDirection" NOT NULL,
    "week" DATE NOT NULL,
    "day" DATE NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "step_min" SMALLINT NOT NULL,
    "rated_w" DOUBLE PRECISION NOT NULL,
    "power_w" JSONB NOT NULL,
    "baseline_w" JSONB NOT NULL,
    "baseline_days" JSONB NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "availability_eur_per_mw_h" DOUBLE PRECISION,
    "utilisation_eur_per_mwh" DOUBLE PRECISION,
    "status" "FlexOfferStatus" NOT NULL DEFAULT 'draft',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actual_wh" JSONB,
    "delivered_wh" DOUBLE PRECISION,
    "reward_eur" DOUBLE PRECISION,
    CONSTRAINT "flex_offers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "flex_offers_window_check" CHECK ("ends_at" > "starts_at" AND "expires_at" <= "starts_at"),
    CONSTRAINT "flex_offers_step_check" CHECK ("step_min" IN (15, 30))
);
-- one live offer per schedule, day and direction: two preparers at once cannot both write it
CREATE UNIQUE INDEX "flex_offers_live_key" ON "flex_offers"("schedule_id", "day", "direction") WHERE "status" <> 'superseded';
CREATE INDEX "flex_offers_user_id_week_idx" ON "flex_offers"("user_id", "week");
CREATE INDEX "flex_offers_week_status_idx" ON "flex_offers"("week", "status");
CREATE INDEX "flex_offers_status_starts_at_idx" ON "flex_offers"("status", "starts_at");
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_measurement_id_fkey" FOREIGN KEY ("measurement_id") REFERENCES "measurements"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "flex_offers" ADD CONSTRAINT "flex_offers_meter_id_fkey" FOREIGN KEY ("meter_id") REFERENCES "meters"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "flex_offer_changes" (
    "id" SERIAL NOT NULL,
    "offer_id" INTEGER NOT NULL,
    "status" "FlexOfferStatus" NOT NULL,
    "by_id" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "flex_offer_changes_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "flex_offer_changes_offer_id_id_idx" ON "flex_offer_changes"("offer_id", "id");
ALTER TABLE "flex_offer_changes" ADD CONSTRAINT "flex_offer_changes_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "flex_offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "flex_offer_changes" ADD CONSTRAINT "flex_offer_changes_by_id_fkey" FOREIGN KEY ("by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
