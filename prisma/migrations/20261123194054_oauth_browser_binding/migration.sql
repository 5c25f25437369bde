-- OAuth states are bound to the browser that asked for the link (sha256 of the nonce in its
-- httpOnly cookie). States live 10 minutes: pending ones, made before the binding, are dropped
-- (their links must be asked for again) so that the column can be required.
DELETE FROM "oauth_states";

-- AlterTable
ALTER TABLE "oauth_states" ADD COLUMN     "browser_hash" TEXT NOT NULL;
