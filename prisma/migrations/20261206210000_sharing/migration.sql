-- Real-time sharing with the grid partner, by consent only (docs/sharing.md): the households'
-- dated, versioned consents (a row per change), the partners' client credentials, and the log of
-- what each partner read of each household.
CREATE TABLE "sharing_consents" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "given" BOOLEAN NOT NULL,
    "version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sharing_consents_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "sharing_consents_user_id_id_idx" ON "sharing_consents"("user_id", "id");
ALTER TABLE "sharing_consents" ADD CONSTRAINT "sharing_consents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "partners" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "client_id" VARCHAR(40) NOT NULL,
    "secret_hash" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    CONSTRAINT "partners_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "partners_client_id_key" ON "partners"("client_id");

CREATE TABLE "partner_access" (
    "id" BIGSERIAL NOT NULL,
    "partner_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "what" VARCHAR(30) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "partner_access_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "partner_access_user_id_at_idx" ON "partner_access"("user_id", "at");
ALTER TABLE "partner_access" ADD CONSTRAINT "partner_access_partner_id_fkey" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "partner_access" ADD CONSTRAINT "partner_access_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
