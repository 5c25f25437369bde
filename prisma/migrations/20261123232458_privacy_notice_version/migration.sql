-- AlterTable
ALTER TABLE "users" ADD COLUMN     "tos_version" INTEGER;

-- Whoever accepted before versions existed accepted version 1 (the notice promising export and
-- erasure on request by e-mail); version 2 is shown to them again once.
UPDATE "users" SET "tos_version" = 1 WHERE "accepted_tos";
