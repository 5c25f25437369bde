-- Community flexibility events, the households' choices and results, and the baselines' accuracy
-- (docs/flexibility.md). Events, choices and results are never overwritten: a choice is a new row,
-- a cancellation or a settlement a date.
CREATE TYPE "FlexDirection" AS ENUM ('down', 'up');
CREATE TYPE "FlexResultStatus" AS ENUM ('settled', 'insufficient', 'no_data');

ALTER TABLE "users" ADD COLUMN "locale" VARCHAR(5);
ALTER TABLE "users" ADD COLUMN "flex_auto_opt_in" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "flex_events" (
    "id" SERIAL NOT NULL,
    "created_by_id" INTEGER,
    "title" VARCHAR(100) NOT NULL,
    "message" VARCHAR(2000) NOT NULL,
    "direction" "FlexDirection" NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "reward_per_kwh" DOUBLE PRECISION NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelled_at" TIMESTAMPTZ(3),
    "invited_at" TIMESTAMPTZ(3),
    "settled_at" TIMESTAMPTZ(3),
    CONSTRAINT "flex_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "flex_events_window_check" CHECK ("ends_at" > "starts_at" AND "ends_at" - "starts_at" <= interval '25 hours'),
    CONSTRAINT "flex_events_reward_check" CHECK ("reward_per_kwh" >= 0)
);
CREATE INDEX "flex_events_starts_at_idx" ON "flex_events"("starts_at");
ALTER TABLE "flex_events" ADD CONSTRAINT "flex_events_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "flex_participations" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "opted_in" BOOLEAN NOT NULL,
    "auto" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "flex_participations_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "flex_participations_event_id_user_id_id_idx" ON "flex_participations"("event_id", "user_id", "id");
CREATE INDEX "flex_participations_user_id_idx" ON "flex_participations"("user_id");
ALTER TABLE "flex_participations" ADD CONSTRAINT "flex_participations_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "flex_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "flex_participations" ADD CONSTRAINT "flex_participations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "flex_results" (
    "id" SERIAL NOT NULL,
    "event_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "meter_id" INTEGER,
    "status" "FlexResultStatus" NOT NULL,
    "step_min" SMALLINT NOT NULL,
    "baseline_wh" JSONB NOT NULL,
    "actual_wh" JSONB NOT NULL,
    "baseline_days" JSONB NOT NULL,
    "delivered_wh" DOUBLE PRECISION NOT NULL,
    "reward_eur" DOUBLE PRECISION NOT NULL,
    "settled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "flex_results_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "flex_results_event_id_user_id_key" ON "flex_results"("event_id", "user_id");
CREATE INDEX "flex_results_user_id_idx" ON "flex_results"("user_id");
ALTER TABLE "flex_results" ADD CONSTRAINT "flex_results_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "flex_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "flex_results" ADD CONSTRAINT "flex_results_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "flex_accuracy" (
    "meter_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "testable" INTEGER NOT NULL,
    "bias" DOUBLE PRECISION,
    "relative_rmse" DOUBLE PRECISION,
    "normalised_mae" DOUBLE PRECISION,
    "predictability" VARCHAR(10) NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "flex_accuracy_pkey" PRIMARY KEY ("meter_id")
);
CREATE INDEX "flex_accuracy_user_id_idx" ON "flex_accuracy"("user_id");
ALTER TABLE "flex_accuracy" ADD CONSTRAINT "flex_accuracy_meter_id_fkey" FOREIGN KEY ("meter_id") REFERENCES "meters"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "flex_accuracy" ADD CONSTRAINT "flex_accuracy_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
