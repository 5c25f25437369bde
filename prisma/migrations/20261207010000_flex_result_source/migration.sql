-- Where an event's result was measured (docs/flexibility.md, "An event's life"): the household's
-- live grid measurements (their readings come at once) or its Linky meter (the day after).
ALTER TABLE "flex_results" ADD COLUMN "source" VARCHAR(10) NOT NULL DEFAULT 'meter';
ALTER TABLE "flex_results" ADD CONSTRAINT "flex_results_source_check" CHECK ("source" IN ('meter', 'telemetry'));
