import { authedRoute, pathId } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toMembershipView } from "@/lib/serializers/community";
import { exitMember } from "@/lib/services/community/members";
import { memberExitSchema } from "@/lib/validation/community";

// POST /api/v1/community/members/{id}/exit (admin): {left_on} the membership's dated exit (the row stays)
export const POST = authedRoute(
  async ({ req, caller, params }) => {
    const id = pathId(params, "id", "Member");
    const b = validate(memberExitSchema, await readJsonBody(req));
    return ok(toMembershipView(await exitMember(caller, id, b.left_on)));
  },
  { role: "admin" },
);
