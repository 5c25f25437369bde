import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { deletionSummary } from "@/lib/services/users/deletion";

// GET /api/v1/users/me/deletion: what deleting the caller's account would remove (a dry run)
export const GET = authedRoute(async ({ caller }) => ok(await deletionSummary(caller)));
