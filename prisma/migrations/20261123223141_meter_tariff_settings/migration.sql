-- AlterTable
ALTER TABLE "meters" ADD COLUMN     "tariff" "TariffOption",
ADD COLUMN     "tariff_kva" SMALLINT;

-- CreateTable
CREATE TABLE "meter_offpeak_slots" (
    "id" SERIAL NOT NULL,
    "meter_id" INTEGER NOT NULL,
    "valid_from" DATE NOT NULL,
    "ranges" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "meter_offpeak_slots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "meter_offpeak_slots_meter_id_valid_from_key" ON "meter_offpeak_slots"("meter_id", "valid_from");

-- AddForeignKey
ALTER TABLE "meter_offpeak_slots" ADD CONSTRAINT "meter_offpeak_slots_meter_id_fkey" FOREIGN KEY ("meter_id") REFERENCES "meters"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules the API validates, held by the database for anyone writing here
ALTER TABLE "meters"
  ADD CONSTRAINT "meters_tariff_kva_check" CHECK ("tariff_kva" IS NULL OR "tariff_kva" IN (3, 6, 9, 12, 15, 18, 24, 30, 36));
ALTER TABLE "meter_offpeak_slots"
  ADD CONSTRAINT "meter_offpeak_slots_ranges_check" CHECK (jsonb_typeof("ranges") = 'array' AND jsonb_array_length("ranges") <= 3);
