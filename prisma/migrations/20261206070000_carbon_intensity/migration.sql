-- Grid carbon intensity fetched by the carbon-refresh job (lib/services/carbon/intensity.ts): one
-- row per half hour, as measured by the source it names (RTE éCO2mix via ODRÉ). The energy views
-- read these rows before the bundled years (lib/energy/carbon.ts). Not personal data.
CREATE TABLE energy.carbon_intensity (
    start      TIMESTAMPTZ NOT NULL,
    g_per_kwh  REAL        NOT NULL,
    source     TEXT        NOT NULL,
    fetched_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT carbon_intensity_pkey PRIMARY KEY (start),
    CONSTRAINT carbon_intensity_g_check CHECK (g_per_kwh > 0 AND g_per_kwh < 2000),
    CONSTRAINT carbon_intensity_half_hour_check CHECK (date_part('epoch', start)::bigint % 1800 = 0 AND date_part('second', start) = 0),
    CONSTRAINT carbon_intensity_source_check CHECK (source <> '')
);

-- a new intensity changes every cached summary's kg, as a new price changes its €: scope 0
CREATE TRIGGER carbon_intensity_inserted AFTER INSERT ON energy.carbon_intensity REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER carbon_intensity_updated AFTER UPDATE ON energy.carbon_intensity REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER carbon_intensity_deleted AFTER DELETE ON energy.carbon_intensity REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
CREATE TRIGGER carbon_intensity_truncated AFTER TRUNCATE ON energy.carbon_intensity FOR EACH STATEMENT EXECUTE FUNCTION energy.note_price_changes();
