import { authedRoute } from "@/lib/http/route";
import { parseQuery, readJsonBody, validate } from "@/lib/http/parse";
import { created, listResponse } from "@/lib/http/respond";
import { csvResponse } from "@/lib/http/csv";
import { membersCsv } from "@/lib/community/csv";
import { toMembershipView, toMemberView } from "@/lib/serializers/community";
import { addMember, listMembers } from "@/lib/services/community/members";
import { memberEntrySchema, periodQuerySchema } from "@/lib/validation/community";

// GET /api/v1/community/members?from=&to=[&format=csv] (admin): the memberships overlapping the period, each with its figures under the operation's key
export const GET = authedRoute(
  async ({ req, caller }) => {
    const q = parseQuery(req, periodQuerySchema);
    const rows = (await listMembers(caller, q)).map(toMemberView);
    return q.format === "csv" ? csvResponse(membersCsv(rows), `foyer-members-${q.from}-${q.to}.csv`) : listResponse(rows, rows.length);
  },
  { role: "admin" },
);

// POST /api/v1/community/members (admin): {user_id, role, joined_on} a household's dated entry
export const POST = authedRoute(
  async ({ req, caller }) => {
    const b = validate(memberEntrySchema, await readJsonBody(req));
    return created(toMembershipView(await addMember(caller, { userId: b.user_id, role: b.role, joinedOn: b.joined_on })));
  },
  { role: "admin" },
);
