// Real-time sharing's answers (lib/serializers/sharing.ts, lib/services/sharing): a household's
// consent and what partners read of it; a partner as the operator sees it (and its credentials,
// once); the partner API's token, live read and event results (shapes built in the services).
import { z } from "zod";
import type { AccessLogView, ConsentView, PartnerView } from "@/lib/serializers/sharing";
import type { createPartner, issueToken } from "@/lib/services/sharing/partners";
import type { partnerEventResults, partnerLive } from "@/lib/services/sharing/partner-api";
import { FlexDirection, FlexResultStatus } from "@/lib/generated/prisma/enums";
import type { Assert, Same } from "../same-type";

const id = z.number().int();
const timestamp = z.iso.datetime();
const version = z.number().int().meta({ description: "the version of the consent text answered" });
const pseudonym = z.string().meta({ description: "the household as this partner knows it: 16 hex characters of its own (never an id nor an e-mail)" });
const watts = (what: string) => z.number().nullable().meta({ description: `${what}, W (null without a recent reading)` });

export const consentViewSchema = z.object({
  given: z.boolean().meta({ description: "a consent to the text's current version is in force" }),
  version: version.nullable().meta({ description: "the version the latest answer was about (null: never answered)" }),
  at: timestamp.nullable().meta({ description: "when the latest answer was made (null: never)" }),
  current_version: z.number().int().meta({ description: "the text's current version: the one a consent must name" }),
  history: z.array(z.object({ given: z.boolean(), version, at: timestamp })).meta({ description: "every change, newest first (the last 50)" }),
});
type _ConsentView = Assert<Same<z.output<typeof consentViewSchema>, ConsentView>>;

/** One read by a partner of the household's data. */
export const accessLogViewSchema = z.object({
  partner: z.string().meta({ description: "the partner's name" }),
  what: z.string().meta({ description: "live or event_results" }),
  at: timestamp,
});
type _AccessLogView = Assert<Same<z.output<typeof accessLogViewSchema>, AccessLogView>>;

export const partnerViewSchema = z.object({
  id,
  name: z.string(),
  client_id: z.string().meta({ description: "the OAuth client_id of POST /api/partner/token" }),
  created_at: timestamp,
  expires_at: timestamp.meta({ description: "when the credentials stop working (a year after they were issued)" }),
  revoked_at: timestamp.nullable(),
  last_used_at: timestamp.nullable().meta({ description: "the partner's last authenticated request" }),
  status: z.string().meta({ description: "active, revoked or expired" }),
});
type _PartnerView = Assert<Same<z.output<typeof partnerViewSchema>, PartnerView>>;

/** POST /api/v1/partners: the new partner and its secret, in this answer only (built in the route). */
export const partnerCredentialsSchema = partnerViewSchema.extend({
  client_secret: z.string().meta({ description: "shown this once: only its SHA-256 is kept" }),
});
type _PartnerCredentials = Assert<Same<z.output<typeof partnerCredentialsSchema>, PartnerView & { client_secret: Awaited<ReturnType<typeof createPartner>>["clientSecret"] }>>;

/** POST /api/partner/token (OAuth 2.0 client credentials, RFC 6749 §4.4). */
export const partnerTokenSchema = z.object({
  access_token: z.string().meta({ description: "a partner token, fp1.<payload>.<signature>: send it as Authorization: Bearer to /api/partner/v1" }),
  token_type: z.literal("bearer"),
  expires_in: z.number().int().meta({ description: "seconds the token lasts (an hour), unless the partner is revoked before" }),
});
type _PartnerToken = Assert<Same<z.output<typeof partnerTokenSchema>, Awaited<ReturnType<typeof issueToken>>>>;

/** GET /api/partner/v1/live. */
export const partnerLiveSchema = z.object({
  at: timestamp.meta({ description: "when the answer was made" }),
  households: z
    .array(
      z.object({
        household: pseudonym,
        at: timestamp.nullable().meta({ description: "the latest reading's instant (null: no live device, or none heard from in the last few minutes)" }),
        grid_w: watts("drawn from the grid (negative: sent to it)"),
        solar_w: watts("solar production"),
        home_w: watts("the home's use (grid + solar)"),
      }),
    )
    .meta({ description: "each household whose consent is in force at this request" }),
});
type _PartnerLive = Assert<Same<z.output<typeof partnerLiveSchema>, Awaited<ReturnType<typeof partnerLive>>>>;

/** GET /api/partner/v1/events/{id}/results. */
export const partnerEventResultsSchema = z.object({
  event: z.object({
    id,
    title: z.string(),
    direction: z.enum(FlexDirection).meta({ description: "down: use less (or export more) than the baseline; up: use more" }),
    starts_at: timestamp,
    ends_at: timestamp,
    status: z.enum(["upcoming", "running", "ended", "settled", "cancelled"]).meta({ description: "where the event is in its life, now" }),
  }),
  households: z
    .array(
      z.object({
        household: pseudonym,
        status: z.enum(FlexResultStatus).meta({ description: "settled; insufficient: too few comparable days before the event; no_data: the window's readings never came" }),
        step_min: z.number().int().meta({ description: "minutes per period of the window (30)" }),
        baseline_wh: z.array(z.number()).meta({ description: "the baseline per period, Wh (empty unless settled)" }),
        actual_wh: z.array(z.number().nullable()).meta({ description: "the readings per period, Wh (null where missing)" }),
        delivered_wh: z.number().meta({ description: "baseline − readings summed over the window (readings − baseline for up), Wh; may be negative" }),
      }),
    )
    .meta({ description: "each participant's settlement once written, of the households whose consent is in force at this request (no reward, no id)" }),
});
type _PartnerEventResults = Assert<Same<z.output<typeof partnerEventResultsSchema>, Awaited<ReturnType<typeof partnerEventResults>>>>;
