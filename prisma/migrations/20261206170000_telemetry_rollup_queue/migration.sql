-- The rollups still to compute (docs/telemetry.md, "Storage"). The ingest stores a batch's samples
-- and, in the same transaction, one row here naming the measurements it touched and the time each
-- spans; every few seconds a roller takes the rows (FOR UPDATE SKIP LOCKED: several ingest
-- processes share them), recomputes those minutes and quarters from the samples, and deletes the
-- rows in the same transaction. A process killed before rolling leaves its rows for the next
-- roller: no minute is forgotten. Rolling each minute once every few seconds rather than at every
-- batch is what lets the ingest keep up with 5,000 messages a second (bench:telemetry).
CREATE TABLE telemetry.rollup_queue (
    id              BIGSERIAL     PRIMARY KEY,
    measurement_ids INTEGER[]     NOT NULL,
    los             TIMESTAMPTZ[] NOT NULL,
    his             TIMESTAMPTZ[] NOT NULL,
    queued_at       TIMESTAMPTZ   NOT NULL DEFAULT now()
);
