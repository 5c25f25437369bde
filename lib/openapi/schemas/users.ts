// The User view (lib/serializers/user.ts) and the account answers of My Account.
import { z } from "zod";
import type { toUserView } from "@/lib/serializers/user";
import type { DeletionSummary } from "@/lib/services/users/deletion";
import type { ArchiveList, ArchiveView } from "@/lib/services/archives/requests";
import { DataArchiveStatus } from "@/lib/generated/prisma/enums";
import type { Assert, Same } from "../same-type";

const timestamp = z.iso.datetime();

export const userViewSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  is_active: z.boolean(),
  is_superuser: z.boolean().meta({ description: "the admin role" }),
  accepted_tos: z.boolean().meta({ description: "accepted the current privacy notice" }),
  created_at: timestamp,
});
type _UserView = Assert<Same<z.output<typeof userViewSchema>, ReturnType<typeof toUserView>>>;

export const deletionSummarySchema = z.object({
  meters: z.number().int(),
  reading_days: z.number().int(),
  readings: z.number().int(),
  devices: z.number().int(),
  measurements: z.number().int(),
  locations: z.number().int(),
  schedules: z.number().int(),
  integrations: z.number().int(),
  vendor_tokens: z.array(z.object({ integration_id: z.number().int(), name: z.string(), revoked_at_vendor: z.boolean() })),
  last_admin: z.boolean(),
});
type _DeletionSummary = Assert<Same<z.output<typeof deletionSummarySchema>, DeletionSummary>>;

export const archiveViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(DataArchiveStatus),
  progress: z.number().int().min(0).max(100),
  step: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  created_at: timestamp,
  ready_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
  download_url: z.string().nullable(),
});
type _ArchiveView = Assert<Same<z.output<typeof archiveViewSchema>, ArchiveView>>;

export const archiveListSchema = z.object({
  items: z.array(archiveViewSchema),
  per_day: z.number().int(),
  left_today: z.number().int(),
});
type _ArchiveList = Assert<Same<z.output<typeof archiveListSchema>, ArchiveList>>;
