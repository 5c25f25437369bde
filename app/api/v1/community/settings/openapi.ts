import { operationSettingsSchema } from "@/lib/validation/community";
import { communitySettingsViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/settings", {
  GET: {
    tag: "Community", access: "admin",
    summary: "The operation's name, allocation key and local price",
    responses: { 200: ok(communitySettingsViewSchema) },
  },
  PUT: {
    tag: "Community", access: "admin",
    summary: "Change the fields given; a new key or local price rolls every month up again",
    body: { json: operationSettingsSchema },
    responses: { 200: ok(communitySettingsViewSchema) },
  },
});
