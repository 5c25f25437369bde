// The answers of the Data Connect 2026 APIs, as their Swaggers (published on Enedis' DataHub)
// and real captures describe them; docs/energy-history.md "Vendor shapes" has the sources. The
// schemas are lenient where Enedis is known to vary (numbers or strings, a list or one object)
// and strict where we depend on a field.
import { z } from "zod";

const text = z.union([z.string(), z.number()]).transform(String);

/** One point: `v` value (a string), `d` time stamp; curves add `p` step, `n` nature, `iv`, `ec`. */
const measurePointSchema = z.looseObject({
  v: z.union([z.string(), z.number()]).nullish(),
  d: z.string(),
  p: z.string().nullish(),
  n: z.string().nullish(),
});

const grandeurSchema = z.looseObject({
  grandeurMetier: z.string().nullish(),
  grandeurPhysique: z.string().nullish(),
  unite: z.string().nullish(),
  points: z.array(measurePointSchema),
});

/** ReponseMesureAccesCDC / ReponseMesureAccesQuotidien / ReponseMesureAccesMaxQuotidien. */
export const measureResponseSchema = z.looseObject({
  idPrm: text.nullish(),
  etapeMetier: z.string().nullish(),
  periode: z.looseObject({ dateDebut: z.string().nullish(), dateFin: z.string().nullish() }).nullish(),
  modeCalcul: z.string().nullish(),
  pas: z.string().nullish(),
  grandeur: z.array(grandeurSchema),
});
export type MeasureResponse = z.infer<typeof measureResponseSchema>;

/** `subscribed_power`: the Swagger's `{unit, value}`, or a bare value as some answers carry. */
const powerSchema = z.union([z.looseObject({ unit: z.string().nullish(), value: text.nullish() }), text]);

/** One element of situation_contrat_auto/v1/{prm} (an array; one per contract: withdrawal, injection). */
const contractSituationSchema = z.looseObject({
  usage_point_id: text.nullish(),
  contract_type: z.string().nullish(),
  segment: z.string().nullish(),
  distribution_tariff: z.string().nullish(),
  subscribed_power: powerSchema.nullish(),
});
export const contractSituationsSchema = z.union([z.array(contractSituationSchema), contractSituationSchema.transform((c) => [c])]);

/** comptage_auto/v1/{prm}: the off-peak slots are `relais.plageHeuresCreuses`, a string. */
export const meteringSituationSchema = z.looseObject({
  relais: z.looseObject({ plageHeuresCreuses: z.unknown().optional() }).nullish(),
});
