-- CreateEnum
CREATE TYPE "MeterSyncState" AS ENUM ('queued', 'running', 'done', 'failed', 'needs_relink', 'stopped');

-- CreateEnum
CREATE TYPE "CurveSeries" AS ENUM ('consumption', 'production');

-- CreateEnum
CREATE TYPE "DayStatus" AS ENUM ('missing', 'partial', 'complete', 'gap');

-- CreateTable
CREATE TABLE "meters" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "integration_id" INTEGER,
    "usage_point_id" VARCHAR(14) NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "producer" BOOLEAN,
    "subscribed_kva" INTEGER,
    "tariff_option" VARCHAR(100),
    "offpeak_hours" VARCHAR(200),
    "contract_synced_at" TIMESTAMPTZ(3),
    "sync_state" "MeterSyncState" NOT NULL DEFAULT 'queued',
    "last_sync_at" TIMESTAMPTZ(3),
    "last_error" VARCHAR(500),
    "last_error_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "meters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meter_days" (
    "meter_id" INTEGER NOT NULL,
    "series" "CurveSeries" NOT NULL,
    "day" DATE NOT NULL,
    "points" SMALLINT NOT NULL DEFAULT 0,
    "expected" SMALLINT NOT NULL,
    "status" "DayStatus" NOT NULL DEFAULT 'missing',
    "attempts" SMALLINT NOT NULL DEFAULT 0,
    "checked_at" TIMESTAMPTZ(3),

    CONSTRAINT "meter_days_pkey" PRIMARY KEY ("meter_id","series","day")
);

-- CreateIndex
CREATE INDEX "meters_integration_id_idx" ON "meters"("integration_id");

-- CreateIndex
CREATE UNIQUE INDEX "meters_user_id_usage_point_id_key" ON "meters"("user_id", "usage_point_id");

-- CreateIndex
CREATE INDEX "meter_days_meter_id_series_status_idx" ON "meter_days"("meter_id", "series", "status");

-- AddForeignKey
ALTER TABLE "meters" ADD CONSTRAINT "meters_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meters" ADD CONSTRAINT "meters_integration_id_fkey" FOREIGN KEY ("integration_id") REFERENCES "integrations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meter_days" ADD CONSTRAINT "meter_days_meter_id_fkey" FOREIGN KEY ("meter_id") REFERENCES "meters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An Enedis usage point id (PRM) is 14 digits
ALTER TABLE "meters" ADD CONSTRAINT "meters_usage_point_id_check" CHECK ("usage_point_id" ~ '^[0-9]{14}$');
