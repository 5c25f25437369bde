import { authedRoute, pathId } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { noContent } from "@/lib/http/respond";
import { deleteIntegration } from "@/lib/services/integrations/vendor-accounts";
import { unlinkQuerySchema } from "@/lib/validation/integration";

// DELETE /api/integrations/{id}: unlinks and forgets the tokens (revoked at the vendor where it
// allows); ?delete_data=true also deletes its meters and their readings
export const DELETE = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Integration");
  const { delete_data } = parseQuery(req, unlinkQuerySchema);
  await deleteIntegration(caller, id, { deleteData: delete_data });
  return noContent();
});
