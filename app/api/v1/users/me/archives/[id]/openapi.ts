import { z } from "zod";
import { archiveViewSchema } from "@/lib/openapi/schemas/users";
import { describeRoute, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/users/me/archives/{id}", {
  GET: {
    tag: "My Account", access: "user",
    summary: "One archive and its progress",
    pathParams: { id: { schema: z.uuid(), description: "the archive's id" } },
    responses: { 200: ok(archiveViewSchema) },
    errors: { 404: "Archive not found" },
  },
  DELETE: {
    tag: "My Account", access: "user",
    summary: "Delete an archive and its file",
    pathParams: { id: { schema: z.uuid(), description: "the archive's id" } },
    responses: { 204: noContent },
    errors: { 404: "Archive not found" },
  },
});
