// The OpenAPI 3.1 document of the /api contract, built from the routes' own descriptions (the
// openapi.ts beside each app/api/**/route.ts, listed in app/api/openapi.json/route-docs.ts): request schemas converted
// from the handlers' zod schemas (as input), answers from ./schemas (as output), JSON Schema
// 2020-12 both ways (zod's own z.toJSONSchema), named schemas under components.
import { householdOffersViewSchema, offerPricesViewSchema, offersUftpExportSchema, offerViewSchema, operatorOfferViewSchema, partnerOffersSchema, weekFlexViewSchema } from "./schemas/flex-offers";
import { z } from "zod";
import { locationSchema } from "@/lib/validation/location";
import { flexEventSchema } from "@/lib/validation/flex";
import pkg from "@/package.json";
import type { Answer, HttpMethod, Operation, Param, RequestBody, RouteDoc } from "./operations";
import { errorSchema, fieldErrorSchema, healthDownSchema, healthSchema, messageSchema, tokenSchema } from "./schemas/common";
import { archiveListSchema, archiveViewSchema, deletionSummarySchema, userViewSchema } from "./schemas/users";
import { adminDeviceViewSchema, deviceInfoViewSchema, locationViewSchema, measurementViewSchema, userDeviceViewSchema } from "./schemas/devices";
import { scheduleViewSchema } from "./schemas/schedules";
import { flexResultsSchema, flexSettingsViewSchema, householdEventViewSchema, operatorEventViewSchema } from "./schemas/flex";
import { accessLogViewSchema, consentViewSchema, partnerCredentialsSchema, partnerEventResultsSchema, partnerLiveSchema, partnerTokenSchema, partnerViewSchema } from "./schemas/sharing";
import { consentLinkSchema, integrationListSchema, integrationViewSchema, legrandPlantsSchema, linkyCurveSchema, netatmoHomesSchema, vendorErrorSchema } from "./schemas/integrations";
import { energyAnswerSchema, energySummarySchema, importPreviewSchema, importResultSchema, meterViewSchema, tariffComparisonSchema } from "./schemas/meters";
import { tariffViewSchema } from "./schemas/tariffs";
import { breakdownViewSchema, liveViewSchema, mqttPasswordSchema, mqttViewSchema, nowViewSchema, seriesViewSchema } from "./schemas/telemetry";
import { dashboardSchema } from "@/lib/validation/dashboard";
import {
  communitySettingsViewSchema,
  communitySummaryViewSchema,
  comparisonViewSchema,
  flexByHourViewSchema,
  importViewSchema,
  memberViewSchema,
  membershipViewSchema,
  myCommunityViewSchema,
  profileViewSchema,
  reconciliationViewSchema,
  sharesViewSchema,
  simulationViewSchema,
} from "./schemas/community";

/** Every operation, in the order of the routes' list and, within a route, of its openapi.ts (a route left out has none). */
const operationsOf = (routes: RouteDoc[]): Operation[] =>
  routes.flatMap((r) => ("path" in r ? Object.entries(r.operations).map(([method, op]) => ({ ...op, method: method as HttpMethod, path: r.path })) : []));

type JsonSchema = Record<string, unknown>;
type Doc = Record<string, unknown> & { paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> } };

/** The answers' names under components.schemas: every JSON answer of a route's description is one of these. */
const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  Error: errorSchema,
  FieldError: fieldErrorSchema,
  Message: messageSchema,
  Token: tokenSchema,
  Health: healthSchema,
  HealthDown: healthDownSchema,
  User: userViewSchema,
  DeletionSummary: deletionSummarySchema,
  Archive: archiveViewSchema,
  ArchiveList: archiveListSchema,
  Measurement: measurementViewSchema,
  DeviceInfo: deviceInfoViewSchema,
  UserDevice: userDeviceViewSchema,
  AdminDevice: adminDeviceViewSchema,
  Location: locationViewSchema,
  Schedule: scheduleViewSchema,
  FlexEvent: operatorEventViewSchema,
  FlexResults: flexResultsSchema,
  HouseholdFlexEvent: householdEventViewSchema,
  FlexSettings: flexSettingsViewSchema,
  SharingConsent: consentViewSchema,
  SharingRead: accessLogViewSchema,
  Partner: partnerViewSchema,
  PartnerCredentials: partnerCredentialsSchema,
  PartnerToken: partnerTokenSchema,
  PartnerLive: partnerLiveSchema,
  PartnerEventResults: partnerEventResultsSchema,
  FlexOffer: offerViewSchema,
  OperatorFlexOffer: operatorOfferViewSchema,
  FlexOfferPrices: offerPricesViewSchema,
  HouseholdFlexOffers: householdOffersViewSchema,
  WeekFlexibility: weekFlexViewSchema,
  OffersUftpExport: offersUftpExportSchema,
  PartnerOffers: partnerOffersSchema,
  Integration: integrationViewSchema,
  IntegrationList: integrationListSchema,
  ConsentLink: consentLinkSchema,
  LinkyCurve: linkyCurveSchema,
  LegrandPlants: legrandPlantsSchema,
  NetatmoHomes: netatmoHomesSchema,
  VendorError: vendorErrorSchema,
  Meter: meterViewSchema,
  EnergyAnswer: energyAnswerSchema,
  TariffComparison: tariffComparisonSchema,
  EnergySummary: energySummarySchema,
  ImportPreview: importPreviewSchema,
  ImportResult: importResultSchema,
  Tariff: tariffViewSchema,
  Dashboard: dashboardSchema,
  DeviceMqtt: mqttViewSchema,
  DeviceMqttPassword: mqttPasswordSchema,
  DeviceLive: liveViewSchema,
  DeviceSeries: seriesViewSchema,
  EnergyNow: nowViewSchema,
  EnergyBreakdown: breakdownViewSchema,
  CommunitySummary: communitySummaryViewSchema,
  CommunityFlexByHour: flexByHourViewSchema,
  CommunityMember: memberViewSchema,
  CommunityMembership: membershipViewSchema,
  CommunitySettings: communitySettingsViewSchema,
  CommunityShares: sharesViewSchema,
  CommunitySimulation: simulationViewSchema,
  CommunityImport: importViewSchema,
  CommunityReconciliation: reconciliationViewSchema,
  HouseholdProfile: profileViewSchema,
  HomesLikeMine: comparisonViewSchema,
  MyCommunity: myCommunityViewSchema,
};

const REF = (name: string) => `#/components/schemas/${name}`;

/**
 * Where a schema's input is wider than its JSON Schema says: a preprocess step (a coordinate
 * taken as a number or a numeric string) is invisible to z.toJSONSchema, which describes the
 * schema it feeds (a string); or narrower: a string piped into a check (an event's instants).
 */
const INPUT_OVERRIDES = new Map<z.ZodType, JsonSchema>([
  [locationSchema.shape.lat, { anyOf: [{ type: "number", minimum: -90, maximum: 90 }, { type: "string", maxLength: 40 }], description: "a number, or a numeric string; at most 8 decimals" }],
  [locationSchema.shape.lon, { anyOf: [{ type: "number", minimum: -180, maximum: 180 }, { type: "string", maxLength: 40 }], description: "a number, or a numeric string; at most 8 decimals" }],
  // a string piped into the ISO check: z.toJSONSchema describes only the string it starts as
  [flexEventSchema.shape.starts_at, { type: "string", format: "date-time", maxLength: 40, description: "ISO 8601 with its offset, on the hour or the half hour, in the future" }],
  [flexEventSchema.shape.ends_at, { type: "string", format: "date-time", maxLength: 40, description: "ISO 8601 with its offset, on the hour or the half hour, the same Paris day as starts_at" }],
]);

function inputOverride(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) {
  const replacement = INPUT_OVERRIDES.get(ctx.zodSchema as z.ZodType);
  if (!replacement) return;
  for (const k of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[k];
  Object.assign(ctx.jsonSchema, replacement);
}

/** A JSON Schema fit for a component: no $schema or $id of its own (the document is the root). */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

const inputSchema = (s: z.ZodType) => bare(z.toJSONSchema(s, { target: "draft-2020-12", io: "input", override: inputOverride }) as JsonSchema);

/** operationId: the method and the path's words (`get_api_v1_users_id`). */
const operationId = (op: Operation) => `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+/g, "_")}`;

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed body (not JSON, or another content type)",
  401: "Not authenticated (WWW-Authenticate: Bearer)",
  403: "Not allowed",
  404: "Not found (also someone else's object)",
  409: "Conflict",
  413: "The request body is too large",
  415: "Unsupported content type",
  422: "Validation failed: `errors` names each field",
  429: "Too many attempts (Retry-After, seconds)",
  502: "The vendor's service failed",
  503: "Temporarily unavailable (Retry-After)",
};

/** Components built once: the answers' schemas (as output) and the request bodies' (as input). */
function buildComponents(bodies: Map<z.ZodType, string>): Record<string, JsonSchema> {
  const out = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(RESPONSE_SCHEMAS)) out.add(schema, { id });
  const answers = z.toJSONSchema(out, { target: "draft-2020-12", io: "output", uri: REF }).schemas as Record<string, JsonSchema>;
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, s] of Object.entries(answers)) schemas[id] = bare(s);
  for (const [schema, id] of bodies) schemas[id] = inputSchema(schema);
  return schemas;
}

function responseSchemaName(schema: z.ZodType): string {
  const name = Object.entries(RESPONSE_SCHEMAS).find(([, s]) => s === schema)?.[0];
  if (!name) throw new Error("An answer of a route's openapi.ts is not one of lib/openapi's named response schemas (RESPONSE_SCHEMAS)");
  return name;
}

function answerObject(a: Answer): JsonSchema {
  const headers = a.headers ? Object.fromEntries(Object.entries(a.headers).map(([k, d]) => [k, { description: d, schema: { type: "string" } }])) : undefined;
  if ("json" in a) {
    const ref = { $ref: REF(responseSchemaName(a.json)) };
    return { description: a.description, ...(headers && { headers }), content: { "application/json": { schema: a.list ? { type: "array", items: ref } : ref } } };
  }
  return { description: a.description, ...(headers && { headers }), ...(a.content && { content: a.content }) };
}

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: { $ref: REF("Error") } } } });

function parameters(op: Operation): JsonSchema[] {
  const params: JsonSchema[] = [];
  const param = (name: string, where: "path" | "query", p: Param, required: boolean) => {
    const schema = inputSchema(p.schema);
    params.push({ name, in: where, required, ...(p.description && { description: p.description }), schema });
  };
  for (const [name, p] of Object.entries(op.pathParams ?? {})) param(name, "path", p, true);
  if (op.query && "sortable" in op.query) {
    const { sortable, filters } = op.query;
    const filterSchema = inputSchema(filters);
    const int = { type: "integer", minimum: 0 };
    params.push(
      { name: "_start", in: "query", description: "first item (0-based) of the page", schema: int },
      { name: "_end", in: "query", description: "item after the page's last (without it, at most 1000 items)", schema: int },
      { name: "_sort", in: "query", description: "the field to order by (default id)", schema: { type: "string", enum: [...sortable] } },
      { name: "_order", in: "query", description: "ASC or DESC (any case)", schema: { type: "string", enum: ["ASC", "DESC", "asc", "desc"] } },
      { name: "q", in: "query", description: "free text, where the list has it", schema: { type: "string", maxLength: 256 } },
      { name: "id", in: "query", description: "only these ids (repeat the parameter: react-admin's getMany)", schema: { type: "array", items: { type: "integer" }, maxItems: 1000 }, style: "form", explode: true },
      ...Object.entries((filterSchema.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
        name,
        in: "query",
        description: `equality filter on ${name}`,
        schema: { ...schema, maxLength: 256 },
      })),
    );
  } else if (op.query) {
    const schema = inputSchema(op.query);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      params.push({ name, in: "query", required: required.has(name), schema: s });
    }
  }
  for (const [name, p] of Object.entries(op.queryParams ?? {})) param(name, "query", p, p.required ?? false);
  return params;
}

function requestBody(body: RequestBody, bodies: Map<z.ZodType, string>): JsonSchema {
  if ("content" in body) return { required: true, description: body.description, content: body.content };
  const ref = { $ref: REF(bodies.get(body.json)!) };
  const content: JsonSchema = { "application/json": { schema: ref } };
  if (body.form) {
    content["application/x-www-form-urlencoded"] = { schema: ref };
    content["multipart/form-data"] = { schema: ref };
  }
  return { required: true, ...(body.description && { description: body.description }), content };
}

/** The errors an operation answers, from its access, parameters and body, and its own list. */
function errorsOf(op: Operation): Record<number, string> {
  const e: Record<number, string> = {};
  if (op.access !== "public") e[401] = STATUS_TEXT[401];
  if (op.access === "admin") e[403] = "Not an admin: The user doesn't have enough privileges";
  else if (op.access === "user" && op.method !== "GET") e[403] = "Cross-site request refused (a cookie-authenticated write from another origin)";
  if (op.pathParams) e[404] = STATUS_TEXT[404];
  if (op.body && "json" in op.body) Object.assign(e, { 400: STATUS_TEXT[400], 413: STATUS_TEXT[413] });
  if (op.body || op.query || op.queryParams || op.pathParams) e[422] = STATUS_TEXT[422];
  return { ...e, ...op.errors };
}

/** Body schema names: `<Operation>Body`, one per distinct zod schema (a schema shared by POST and PUT once). */
function bodyNames(operations: Operation[]): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const taken = new Set(Object.keys(RESPONSE_SCHEMAS));
  for (const op of operations) {
    if (!op.body || !("json" in op.body) || names.has(op.body.json)) continue;
    const base = `${op.method === "POST" ? "Create" : op.method === "PUT" ? "Update" : op.method === "PATCH" ? "Patch" : ""}${op.path
      .split("/")
      .filter((s) => s && s !== "api" && s !== "v1" && !s.startsWith("{"))
      .map((s) => s.replace(/(^|[_-])(\w)/g, (_, __, c: string) => c.toUpperCase()))
      .join("")}Body`;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    names.set(op.body.json, name);
  }
  return names;
}

function build(operations: Operation[]): Doc {
  const bodies = bodyNames(operations);
  const paths: Doc["paths"] = {};
  for (const op of operations) {
    const responses: JsonSchema = {};
    for (const [status, a] of Object.entries(op.responses)) responses[status] = answerObject(a);
    for (const [status, text] of Object.entries(errorsOf(op))) responses[status] ??= errorAnswer(text);
    responses.default = errorAnswer("Any other error: 500 Internal server error, 503 when the server or its database is overloaded or unavailable");
    const params = parameters(op);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: operationId(op),
      tags: [op.tag],
      summary: op.summary,
      ...(op.description && { description: op.description }),
      ...(op.access === "public" ? { security: [] } : op.access === "partner" ? { security: [{ partnerBearer: [] }] } : {}),
      ...(op.access === "admin" && { "x-foyer-access": "admin" }),
      ...(params.length && { parameters: params }),
      ...(op.body && { requestBody: requestBody(op.body, bodies) }),
      responses,
    };
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Foyer API",
      version: pkg.version,
      description:
        "The /api contract of Foyer, generated from the zod schemas the route handlers use. Authenticate with `Authorization: Bearer <access_token>` " +
        "(POST /api/token), or, in the browser, with the app's session cookie. Errors are `{\"detail\": string, \"code\": string}`, and 422 adds `errors: [{path, message}]`. " +
        "Lists take json-server's `_start`, `_end`, `_sort`, `_order` and send `X-Total-Count`.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: "/", description: "this server" }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: buildComponents(bodies),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "An access token from POST /api/token or /api/signup" },
        partnerBearer: { type: "http", scheme: "bearer", description: "The grid partner's token (fp1.…) from POST /api/partner/token, client credentials issued by an admin (docs/sharing.md)" },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "The app's session cookie (named __Secure-next-auth.session-token over https); writes must then come from the app's own origin",
        },
      },
    },
  };
}

const built = new WeakMap<RouteDoc[], Doc>();

/**
 * The document of `routes` (app/api/openapi.json/route-docs.ts: each route's openapi.ts, in the
 * document's order), built on first use, then the same object.
 */
export function openApiDocument(routes: RouteDoc[]): Doc {
  let doc = built.get(routes);
  if (!doc) built.set(routes, (doc = build(operationsOf(routes))));
  return doc;
}
