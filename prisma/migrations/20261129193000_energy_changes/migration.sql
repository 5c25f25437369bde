-- What changed, for caches kept in each serving process (lib/services/energy/changes.ts): every
-- statement that writes a meter's readings adds a row under that meter's id, every statement that
-- writes the tariffs or the Tempo colours, and any TRUNCATE of these tables, adds one under 0. A
-- process compares the newest `seq` of a scope with the one its cached answer was computed at, so
-- a change made by any process, job or script (even raw SQL) is seen by all of them. Rows are only
-- ever inserted (no lock on a meter's row, which a long import and a sync would otherwise contend
-- for); the maintenance loop deletes all but the newest of each scope.

CREATE TABLE energy.changes (
    -- a meter's id (its readings), or 0: prices (tariffs, Tempo colours) and wholesale resets
    scope INTEGER NOT NULL,
    seq   BIGINT  GENERATED ALWAYS AS IDENTITY,
    CONSTRAINT changes_pkey PRIMARY KEY (scope, seq)
);

-- the meters whose readings a statement inserted, updated or deleted (nothing when it wrote no row)
CREATE FUNCTION energy.note_reading_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO energy.changes (scope) SELECT DISTINCT meter_id FROM changed;
  RETURN NULL;
END $$;

-- a statement that wrote prices (or emptied a table: every scope at once)
CREATE FUNCTION energy.note_price_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO energy.changes (scope) VALUES (0);
  ELSE
    INSERT INTO energy.changes (scope) SELECT 0 WHERE EXISTS (SELECT FROM changed);
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL allows transition tables on single-event triggers only: one trigger per event
CREATE TRIGGER readings_inserted AFTER INSERT ON energy.readings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_reading_changes();
CREATE TRIGGER readings_updated AFTER UPDATE ON energy.readings REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_reading_changes();
CREATE TRIGGER readings_deleted AFTER DELETE ON energy.readings REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_reading_changes();
CREATE TRIGGER readings_truncated AFTER TRUNCATE ON energy.readings FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();

CREATE TRIGGER tariffs_inserted AFTER INSERT ON public.tariffs REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER tariffs_updated AFTER UPDATE ON public.tariffs REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER tariffs_deleted AFTER DELETE ON public.tariffs REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER tariffs_truncated AFTER TRUNCATE ON public.tariffs FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();

CREATE TRIGGER tempo_days_inserted AFTER INSERT ON public.tempo_days REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER tempo_days_updated AFTER UPDATE ON public.tempo_days REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER tempo_days_deleted AFTER DELETE ON public.tempo_days REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER tempo_days_truncated AFTER TRUNCATE ON public.tempo_days FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
