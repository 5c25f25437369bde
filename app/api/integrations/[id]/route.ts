import { authedRoute, pathId } from "@/lib/http/route";
import { noContent } from "@/lib/http/respond";
import { deleteIntegration } from "@/lib/services/integrations";

// DELETE /api/integrations/{id}: unlinks and forgets the tokens
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteIntegration(caller, pathId(params, "id", "Integration"));
  return noContent();
});
