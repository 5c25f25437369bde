import { tokenSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/token/refresh", {
  POST: {
    tag: "Auth", access: "user",
    summary: "A fresh token with the caller's current claims",
    responses: { 200: ok(tokenSchema) },
  },
});
