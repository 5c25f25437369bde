import { tariffViewSchema } from "@/lib/openapi/schemas/tariffs";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";
import { tariffCreateBody } from "@/app/api/v1/tariffs/openapi";

/** PUT: any of POST's fields (lib/validation/tariff.ts checks the row they make). */
const tariffUpdateBody = tariffCreateBody.partial();

export default describeRoute("/api/v1/tariffs/{id}", {
  GET: {
    tag: "Tariffs", access: "admin",
    summary: "A tariff row", pathParams: idParam("tariff"), responses: { 200: ok(tariffViewSchema) },
  },
  PUT: {
    tag: "Tariffs", access: "admin",
    summary: "The fields sent replace the stored ones, then the whole row is checked", pathParams: idParam("tariff"),
    body: { json: tariffUpdateBody },
    responses: { 200: ok(tariffViewSchema) },
    errors: { 409: "A row of this supplier, option and kVA starts that day already" },
  },
  DELETE: {
    tag: "Tariffs", access: "admin",
    summary: "Delete a row (deleting the row in force re-opens the row it had closed)", pathParams: idParam("tariff"),
    responses: { 204: noContent },
  },
});
