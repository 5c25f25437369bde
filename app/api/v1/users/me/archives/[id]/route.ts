import { authedRoute } from "@/lib/http/route";
import { deleteArchive, getArchive } from "@/lib/services/archives/requests";

// GET /api/v1/users/me/archives/{id}: one archive and its progress
export const GET = authedRoute(async ({ caller, params }) => Response.json(await getArchive(caller, params.id)));

// DELETE /api/v1/users/me/archives/{id}: the archive and its file
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteArchive(caller, params.id);
  return new Response(null, { status: 204 });
});
