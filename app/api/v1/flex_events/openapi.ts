import { z } from "zod";
import { flexEventSchema } from "@/lib/validation/flex";
import { operatorEventViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, created, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_events", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "Every community event, newest first, with its participants and what was settled so far",
    // the route's parseListParams: _sort takes starts_at only; no equality filter
    query: { sortable: ["starts_at"], filters: z.object({}) },
    responses: { 200: list(operatorEventViewSchema) },
  },
  POST: {
    tag: "Flexibility", access: "admin",
    summary: "Plan an event: on the hour or half hour, within one Paris day, in the future; the households taking part automatically are entered and the invitations e-mailed",
    body: { json: flexEventSchema },
    responses: { 201: created(operatorEventViewSchema) },
    errors: { 409: "The window overlaps another event not cancelled (code flex_event_overlap)" },
  },
});
