import { locationSchema } from "@/lib/validation/location";
import { locationViewSchema } from "@/lib/openapi/schemas/devices";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/locations/{id}", {
  GET: {
    tag: "Locations", access: "user",
    summary: "A location with its devices", pathParams: idParam("location"), responses: { 200: ok(locationViewSchema) },
  },
  PUT: {
    tag: "Locations", access: "user",
    summary: "Change a location (the whole object)", pathParams: idParam("location"),
    body: { json: locationSchema },
    responses: { 200: ok(locationViewSchema) },
  },
  DELETE: {
    tag: "Locations", access: "user",
    summary: "Delete a location; its devices stay, with no location", pathParams: idParam("location"), responses: { 204: noContent },
  },
});
