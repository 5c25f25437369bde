-- A roller claims the queued rollups it computes (claimed_at), rolls them slice by slice in
-- transactions of their own, then deletes them. A claim older than 10 minutes is the claim of a
-- process that stopped: another roller takes the rows again (rolling twice changes nothing).
ALTER TABLE telemetry.rollup_queue ADD COLUMN claimed_at TIMESTAMPTZ;
