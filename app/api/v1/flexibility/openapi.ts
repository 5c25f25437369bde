import { flexSettingsSchema } from "@/lib/validation/flex";
import { flexSettingsViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility", {
  GET: {
    tag: "Flexibility", access: "user",
    summary: "The household's setting (take part automatically), its meter and how predictable its use is",
    responses: { 200: ok(flexSettingsViewSchema) },
  },
  PATCH: {
    tag: "Flexibility", access: "user",
    summary: "Take part in every event automatically, or not (on: also in the events to come the household has made no choice about); send the week's offers each week without review, or not (on: the coming week's drafts are sent now)",
    body: { json: flexSettingsSchema },
    responses: { 200: ok(flexSettingsViewSchema) },
  },
});
