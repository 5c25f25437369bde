-- AlterTable
ALTER TABLE "device_mqtt" ADD COLUMN     "meter_prm" VARCHAR(14);
