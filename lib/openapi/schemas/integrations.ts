// The Integration view (lib/serializers/integration.ts) and the vendor data the app passes on.
import { z } from "zod";
import type { toIntegrationView } from "@/lib/serializers/integration";
import type { getLegrandPlants, getLinkyCurve, getNetatmoHomes } from "@/lib/services/integrations/vendor-accounts";
import { INTEGRATION_NAMES } from "@/lib/enums";
import { plantsResponseSchema } from "@/lib/integrations/legrand/client";
import { homesDataResponseSchema } from "@/lib/integrations/netatmo/client";
import type { Assert, Same } from "../same-type";

export const integrationViewSchema = z.object({
  id: z.number().int(),
  name: z.enum(INTEGRATION_NAMES),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  resource: z.string().nullable().meta({ description: "linky: the comma-separated usage point ids; else null" }),
  needs_relink: z.boolean().meta({ description: "the vendor no longer accepts our access: link again" }),
  sandbox: z.boolean().meta({ description: "linked to the bundled sandbox, not the real vendor" }),
});
type _IntegrationView = Assert<Same<z.output<typeof integrationViewSchema>, ReturnType<typeof toIntegrationView>>>;

export const integrationListSchema = z.object({ results: z.array(integrationViewSchema) });

export const consentLinkSchema = z.object({ link: z.url().meta({ description: "the vendor's consent page, with a state bound to the caller and this browser" }) });

const sandbox = z.boolean().meta({ description: "the data comes from the bundled sandbox" });

export const linkyCurveSchema = z.object({
  results: z.object({
    meter_reading: z.object({
      usage_point_id: z.string(),
      start: z.string(),
      end: z.string(),
      quality: z.string(),
      reading_type: z.record(z.string(), z.unknown()),
      interval_reading: z.array(z.object({ value: z.string(), date: z.string(), interval_length: z.string(), measure_type: z.string() })),
    }),
  }),
  sandbox,
});
type _LinkyCurve = Assert<Same<z.output<typeof linkyCurveSchema>, Awaited<ReturnType<typeof getLinkyCurve>>>>;

export const legrandPlantsSchema = z.object({ results: plantsResponseSchema.shape.plants, sandbox });
type _LegrandPlants = Assert<Same<z.output<typeof legrandPlantsSchema>, Awaited<ReturnType<typeof getLegrandPlants>>>>;

export const netatmoHomesSchema = z.object({ results: homesDataResponseSchema.shape.body, sandbox });
type _NetatmoHomes = Assert<Same<z.output<typeof netatmoHomesSchema>, Awaited<ReturnType<typeof getNetatmoHomes>>>>;

/** A vendor's failure (502) or a consent the vendor no longer accepts (409): the error body with the vendor's words. */
export const vendorErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  results: z.object({ error: z.string(), error_description: z.string() }),
});
