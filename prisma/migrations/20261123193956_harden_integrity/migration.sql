-- The database enforces what the application assumes (issue 9, section 6):
--   * every timestamp is timestamptz (existing values were written by Prisma in UTC);
--   * CHECK constraints mirroring the zod schemas (lib/validation/*.ts): coordinates, lengths,
--     the schedule's power and months / days / hours, lower-cased e-mail addresses (with the
--     unique index on users.email, unique regardless of case);
--   * a device's location and integration belong to the device's owner (composite foreign keys;
--     deleting a location or an integration empties only that column of its devices);
--   * indexes on foreign keys that are filtered or cascaded, none on booleans.
-- Prisma does not model CHECK constraints, SQL functions or SET NULL column lists: they live here
-- only, and `npm run db:migrate:create` leaves them alone.

-- The schedule `data` check: an IMMUTABLE function (a CHECK cannot hold sub-queries). It reads the
-- object and each of its `schedules` parts as scheduleDataSchema / schedulePartSchema do. It calls
-- only built-in functions, so it also works under pg_restore's empty search_path.
CREATE FUNCTION "schedule_data_is_valid"(d jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  part jsonb;
  list jsonb;
  e jsonb;
  n numeric;
  seen numeric[];
  k record;
BEGIN
  -- separate IFs: SQL does not promise to evaluate OR from left to right
  IF jsonb_typeof(d) IS DISTINCT FROM 'object' THEN RETURN false; END IF;
  IF jsonb_typeof(d -> 'der_name') IS DISTINCT FROM 'string' THEN RETURN false; END IF;
  IF d ? 'schedules' THEN
    IF jsonb_typeof(d -> 'schedules') <> 'array' THEN RETURN false; END IF;
    IF jsonb_array_length(d -> 'schedules') > 2 THEN RETURN false; END IF;
  END IF;
  FOR part IN SELECT d UNION ALL SELECT jsonb_array_elements(COALESCE(d -> 'schedules', '[]'::jsonb)) LOOP
    IF jsonb_typeof(part) IS DISTINCT FROM 'object' THEN RETURN false; END IF;
    IF jsonb_typeof(part -> 'average_power') IS DISTINCT FROM 'number' THEN RETURN false; END IF;
    n := (part -> 'average_power')::numeric;
    IF n < 1 OR n > 10000 THEN RETURN false; END IF;
    FOR k IN SELECT * FROM (VALUES ('months', 1, 12), ('days', 0, 6), ('hours', 0, 23)) AS t(key, lo, hi) LOOP
      list := part -> k.key;
      IF jsonb_typeof(list) IS DISTINCT FROM 'array' THEN RETURN false; END IF;
      IF jsonb_array_length(list) = 0 THEN RETURN false; END IF;
      seen := '{}';
      FOR e IN SELECT jsonb_array_elements(list) LOOP
        IF jsonb_typeof(e) <> 'number' THEN RETURN false; END IF;
        n := e::numeric;
        IF n <> trunc(n) OR n < k.lo OR n > k.hi OR n = ANY (seen) THEN RETURN false; END IF;
        seen := seen || n;
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN true;
END $$;

-- Repairs that lose nothing: e-mail addresses trimmed and lower-cased as the app stores them,
-- blank names emptied as the app does. Two addresses that differ only by case are two accounts
-- for one person: a human must merge them, so the migration stops and names them.
DO $$
DECLARE
  dup text;
BEGIN
  SELECT string_agg(format('%s (users %s)', e, ids), '; ') INTO dup FROM (
    SELECT lower(btrim(email)) AS e, string_agg(id::text, ', ' ORDER BY id) AS ids
    FROM "users" GROUP BY 1 HAVING count(*) > 1
  ) d;
  IF dup IS NOT NULL THEN
    RAISE EXCEPTION 'harden_integrity: these e-mail addresses belong to more than one user once lower-cased: %', dup
      USING HINT = 'Merge or rename those accounts (one account per address), mark the migration rolled back (node scripts/db.mjs rolled-back 20261123193956_harden_integrity) and apply it again.';
  END IF;
END $$;

UPDATE "users" SET "email" = lower(btrim("email")) WHERE "email" <> lower(btrim("email"));
UPDATE "users" SET "first_name" = NULL WHERE btrim("first_name") = '';
UPDATE "users" SET "last_name" = NULL WHERE btrim("last_name") = '';

-- A device pointing at another user's location or integration (what the new foreign keys forbid)
-- loses that link, as it would have had the location or integration been deleted.
DO $$
DECLARE
  n integer;
BEGIN
  UPDATE "devices" d SET "location_id" = NULL
  WHERE d."location_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "locations" l WHERE l."id" = d."location_id" AND l."owner_id" = d."owner_id");
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN RAISE WARNING 'harden_integrity: % device(s) had another user''s location; their location is now empty', n; END IF;
  UPDATE "devices" d SET "integration_id" = NULL
  WHERE d."integration_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "integrations" i WHERE i."id" = d."integration_id" AND i."user_id" = d."owner_id");
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n > 0 THEN RAISE WARNING 'harden_integrity: % device(s) had another user''s integration; their integration is now empty', n; END IF;
END $$;

-- Anything else the new checks refuse cannot be repaired without a human: list every problem
-- (up to 20 ids each) and stop before changing anything.
DO $$
DECLARE
  c record;
  ids text;
  problems text := '';
BEGIN
  FOR c IN SELECT * FROM (VALUES
    ('users.email longer than 254 characters', 'SELECT id FROM "users" WHERE char_length("email") > 254 OR "email" = '''''),
    ('users.first_name longer than 100 characters', 'SELECT id FROM "users" WHERE char_length("first_name") > 100'),
    ('users.last_name longer than 100 characters', 'SELECT id FROM "users" WHERE char_length("last_name") > 100'),
    ('locations.name blank or longer than 100 characters', 'SELECT id FROM "locations" WHERE btrim("name") = '''' OR char_length("name") > 100'),
    ('locations.lat outside -90..90', 'SELECT id FROM "locations" WHERE "lat" NOT BETWEEN -90 AND 90'),
    ('locations.lon outside -180..180', 'SELECT id FROM "locations" WHERE "lon" NOT BETWEEN -180 AND 180'),
    ('devices.device_id blank or longer than 100 characters', 'SELECT id FROM "devices" WHERE btrim("device_id") = '''' OR char_length("device_id") > 100'),
    ('devices.mqtt_host longer than 255 characters', 'SELECT id FROM "devices" WHERE char_length("mqtt_host") > 255'),
    ('measurements.name blank or longer than 100 characters', 'SELECT id FROM "measurements" WHERE btrim("name") = '''' OR char_length("name") > 100'),
    ('measurements.display_name, prefix or suffix longer than 100 characters', 'SELECT id FROM "measurements" WHERE char_length("display_name") > 100 OR char_length("prefix") > 100 OR char_length("suffix") > 100'),
    ('measurements.quantities not a list of at most 20', 'SELECT id FROM "measurements" WHERE jsonb_typeof("quantities") <> ''array'' OR jsonb_array_length(CASE WHEN jsonb_typeof("quantities") = ''array'' THEN "quantities" ELSE ''[]'' END) > 20'),
    ('schedules.der_name blank, longer than 100 characters or not the der_name of its data', 'SELECT id FROM "schedules" WHERE btrim("der_name") = '''' OR char_length("der_name") > 100 OR "data" ->> ''der_name'' IS DISTINCT FROM "der_name"'),
    ('schedules.data with an average power outside 1..10000, or months / days / hours that are not distinct whole numbers within 1..12 / 0..6 / 0..23', 'SELECT id FROM "schedules" WHERE NOT "schedule_data_is_valid"("data")')
  ) AS t(label, query) LOOP
    EXECUTE format('SELECT string_agg(id::text, '', '') FROM (%s ORDER BY id LIMIT 20) v', c.query) INTO ids;
    IF ids IS NOT NULL THEN problems := problems || E'\n  - ' || c.label || ': ids ' || ids; END IF;
  END LOOP;
  IF problems <> '' THEN
    RAISE EXCEPTION 'harden_integrity: rows the new constraints refuse:%', problems
      USING HINT = 'Nothing was changed. Correct or delete these rows, mark the migration rolled back (node scripts/db.mjs rolled-back 20261123193956_harden_integrity) and apply it again.';
  END IF;
END $$;

-- DropForeignKey
ALTER TABLE "devices" DROP CONSTRAINT "devices_integration_id_fkey";

-- DropForeignKey
ALTER TABLE "devices" DROP CONSTRAINT "devices_location_id_fkey";

-- DropIndex
DROP INDEX "users_is_active_idx";

-- DropIndex
DROP INDEX "users_is_superuser_idx";

-- AlterTable: the values were written in UTC
ALTER TABLE "devices" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "integrations" ALTER COLUMN "token_expires_at" SET DATA TYPE TIMESTAMPTZ(3) USING "token_expires_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "locations" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "measurements" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "oauth_states" ALTER COLUMN "expires_at" SET DATA TYPE TIMESTAMPTZ(3) USING "expires_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "password_reset_tokens" ALTER COLUMN "expires_at" SET DATA TYPE TIMESTAMPTZ(3) USING "expires_at" AT TIME ZONE 'UTC',
ALTER COLUMN "used_at" SET DATA TYPE TIMESTAMPTZ(3) USING "used_at" AT TIME ZONE 'UTC',
ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "rate_limit_hits" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "schedules" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';

-- CreateIndex
CREATE INDEX "devices_integration_id_idx" ON "devices"("integration_id");

-- CreateIndex
CREATE UNIQUE INDEX "integrations_id_user_id_key" ON "integrations"("id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "locations_id_owner_id_key" ON "locations"("id", "owner_id");

-- CreateIndex
CREATE INDEX "oauth_states_user_id_idx" ON "oauth_states"("user_id");

-- CreateIndex
CREATE INDEX "oauth_states_expires_at_idx" ON "oauth_states"("expires_at");

-- CreateIndex
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens"("expires_at");

-- AddForeignKey: deleting a location empties only location_id (the owner stays); a location
-- referenced by devices cannot change owner (ON UPDATE RESTRICT)
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_owner_id_fkey" FOREIGN KEY ("location_id", "owner_id") REFERENCES "locations"("id", "owner_id") ON DELETE SET NULL ("location_id") ON UPDATE RESTRICT;

-- AddForeignKey: likewise for integrations
ALTER TABLE "devices" ADD CONSTRAINT "devices_integration_id_owner_id_fkey" FOREIGN KEY ("integration_id", "owner_id") REFERENCES "integrations"("id", "user_id") ON DELETE SET NULL ("integration_id") ON UPDATE RESTRICT;

-- Checks mirroring lib/validation (lengths in characters; zod counts UTF-16 units, never fewer)
ALTER TABLE "users"
  ADD CONSTRAINT "users_email_check" CHECK ("email" = lower("email") AND "email" = btrim("email") AND char_length("email") BETWEEN 1 AND 254),
  ADD CONSTRAINT "users_first_name_check" CHECK (char_length("first_name") BETWEEN 1 AND 100),
  ADD CONSTRAINT "users_last_name_check" CHECK (char_length("last_name") BETWEEN 1 AND 100);

ALTER TABLE "locations"
  ADD CONSTRAINT "locations_name_check" CHECK (btrim("name") <> '' AND char_length("name") <= 100),
  ADD CONSTRAINT "locations_lat_check" CHECK ("lat" BETWEEN -90 AND 90),
  ADD CONSTRAINT "locations_lon_check" CHECK ("lon" BETWEEN -180 AND 180);

ALTER TABLE "devices"
  ADD CONSTRAINT "devices_device_id_check" CHECK (btrim("device_id") <> '' AND char_length("device_id") <= 100),
  ADD CONSTRAINT "devices_mqtt_host_check" CHECK (char_length("mqtt_host") <= 255);

ALTER TABLE "measurements"
  ADD CONSTRAINT "measurements_name_check" CHECK (btrim("name") <> '' AND char_length("name") <= 100),
  ADD CONSTRAINT "measurements_text_check" CHECK (char_length("display_name") <= 100 AND char_length("prefix") <= 100 AND char_length("suffix") <= 100),
  ADD CONSTRAINT "measurements_quantities_check" CHECK (jsonb_typeof("quantities") = 'array' AND jsonb_array_length(CASE WHEN jsonb_typeof("quantities") = 'array' THEN "quantities" ELSE '[]' END) <= 20);

ALTER TABLE "schedules"
  ADD CONSTRAINT "schedules_der_name_check" CHECK (btrim("der_name") <> '' AND char_length("der_name") <= 100 AND "data" ->> 'der_name' = "der_name"),
  ADD CONSTRAINT "schedules_data_check" CHECK ("schedule_data_is_valid"("data"));
