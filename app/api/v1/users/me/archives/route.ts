import { authedRoute } from "@/lib/http/route";
import { listArchives, requestArchive } from "@/lib/services/archives/requests";

// GET /api/v1/users/me/archives: the caller's "Download my data" archives and the day's allowance
export const GET = authedRoute(async ({ caller }) => Response.json(await listArchives(caller)));

// POST /api/v1/users/me/archives: prepare a new archive (202), or the one being prepared (200); 429 past the daily limit
export const POST = authedRoute(async ({ caller }) => {
  const { archive, created } = await requestArchive(caller);
  return Response.json(archive, { status: created ? 202 : 200 });
});
