-- CreateEnum
CREATE TYPE "TariffOption" AS ENUM ('base', 'hphc', 'tempo');

-- CreateEnum
CREATE TYPE "TempoColour" AS ENUM ('blue', 'white', 'red');

-- CreateTable
CREATE TABLE "tariffs" (
    "id" SERIAL NOT NULL,
    "supplier" VARCHAR(100) NOT NULL,
    "option" "TariffOption" NOT NULL,
    "subscribed_kva" SMALLINT NOT NULL,
    "subscription_eur_per_year" DECIMAL(8,2),
    "price_base" DECIMAL(7,4),
    "price_hp" DECIMAL(7,4),
    "price_hc" DECIMAL(7,4),
    "price_blue_hc" DECIMAL(7,4),
    "price_blue_hp" DECIMAL(7,4),
    "price_white_hc" DECIMAL(7,4),
    "price_white_hp" DECIMAL(7,4),
    "price_red_hc" DECIMAL(7,4),
    "price_red_hp" DECIMAL(7,4),
    "valid_from" DATE NOT NULL,
    "valid_to" DATE,
    "source" VARCHAR(500) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tariffs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tempo_days" (
    "day" DATE NOT NULL,
    "colour" "TempoColour" NOT NULL,
    "source" VARCHAR(100) NOT NULL,

    CONSTRAINT "tempo_days_pkey" PRIMARY KEY ("day")
);

-- CreateIndex
CREATE UNIQUE INDEX "tariffs_supplier_option_subscribed_kva_valid_from_key" ON "tariffs"("supplier", "option", "subscribed_kva", "valid_from");

-- Hand-written: the database holds the rules of a price row, whoever writes it.
ALTER TABLE "tariffs"
  ADD CONSTRAINT "tariffs_supplier_check" CHECK (length(btrim("supplier")) > 0),
  ADD CONSTRAINT "tariffs_kva_check" CHECK ("subscribed_kva" IN (3, 6, 9, 12, 15, 18, 24, 30, 36)),
  ADD CONSTRAINT "tariffs_subscription_check" CHECK ("subscription_eur_per_year" IS NULL OR ("subscription_eur_per_year" >= 0 AND "subscription_eur_per_year" < 10000)),
  ADD CONSTRAINT "tariffs_prices_check" CHECK (
    ("price_base" IS NULL OR "price_base" > 0 AND "price_base" < 5) AND
    ("price_hp" IS NULL OR "price_hp" > 0 AND "price_hp" < 5) AND
    ("price_hc" IS NULL OR "price_hc" > 0 AND "price_hc" < 5) AND
    ("price_blue_hc" IS NULL OR "price_blue_hc" > 0 AND "price_blue_hc" < 5) AND
    ("price_blue_hp" IS NULL OR "price_blue_hp" > 0 AND "price_blue_hp" < 5) AND
    ("price_white_hc" IS NULL OR "price_white_hc" > 0 AND "price_white_hc" < 5) AND
    ("price_white_hp" IS NULL OR "price_white_hp" > 0 AND "price_white_hp" < 5) AND
    ("price_red_hc" IS NULL OR "price_red_hc" > 0 AND "price_red_hc" < 5) AND
    ("price_red_hp" IS NULL OR "price_red_hp" > 0 AND "price_red_hp" < 5)),
  -- each option has exactly its own prices
  ADD CONSTRAINT "tariffs_option_prices_check" CHECK (CASE "option"
    WHEN 'base' THEN "price_base" IS NOT NULL AND num_nonnulls("price_hp", "price_hc", "price_blue_hc", "price_blue_hp", "price_white_hc", "price_white_hp", "price_red_hc", "price_red_hp") = 0
    WHEN 'hphc' THEN "price_hp" IS NOT NULL AND "price_hc" IS NOT NULL AND num_nonnulls("price_base", "price_blue_hc", "price_blue_hp", "price_white_hc", "price_white_hp", "price_red_hc", "price_red_hp") = 0
    WHEN 'tempo' THEN num_nonnulls("price_blue_hc", "price_blue_hp", "price_white_hc", "price_white_hp", "price_red_hc", "price_red_hp") = 6 AND num_nonnulls("price_base", "price_hp", "price_hc") = 0
  END),
  ADD CONSTRAINT "tariffs_valid_check" CHECK ("valid_to" IS NULL OR "valid_to" > "valid_from"),
  ADD CONSTRAINT "tariffs_source_check" CHECK ("source" ~ '^https?://[^ ]+$');

-- RTE's rules: red only from 1 November to 31 March and never at weekends; white never on Sunday.
ALTER TABLE "tempo_days"
  ADD CONSTRAINT "tempo_days_red_check" CHECK ("colour" <> 'red' OR (extract(month FROM "day") IN (11, 12, 1, 2, 3) AND extract(isodow FROM "day") < 6)),
  ADD CONSTRAINT "tempo_days_white_check" CHECK ("colour" <> 'white' OR extract(isodow FROM "day") <> 7),
  ADD CONSTRAINT "tempo_days_source_check" CHECK (length(btrim("source")) > 0);
