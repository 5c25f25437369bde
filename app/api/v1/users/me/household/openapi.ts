import { householdProfileSchema } from "@/lib/validation/community";
import { profileViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/household", {
  GET: {
    tag: "Community", access: "user",
    summary: "The household's short profile (housing type, floor area, occupants, heating, hot water), each null until given",
    responses: { 200: ok(profileViewSchema) },
  },
  PUT: {
    tag: "Community", access: "user",
    summary: "Set the fields given (null clears one; a field left out stays as it is)",
    body: { json: householdProfileSchema },
    responses: { 200: ok(profileViewSchema) },
  },
});
