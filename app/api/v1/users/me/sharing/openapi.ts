import { consentSchema } from "@/lib/validation/sharing";
import { consentViewSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/sharing", {
  GET: {
    tag: "Sharing", access: "user",
    summary: "The household's consent to real-time sharing with the grid partner, and its dated history",
    responses: { 200: ok(consentViewSchema) },
  },
  PUT: {
    tag: "Sharing", access: "user",
    summary: "Give the consent (for the text's current version) or withdraw it: the next partner request already leaves the household out; the same answer again adds no row",
    body: { json: consentSchema },
    responses: { 200: ok(consentViewSchema) },
    errors: { 409: "given with a version that is not the text's current one: read it again (code sharing_version)" },
  },
});
