import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toProfileView } from "@/lib/serializers/community";
import { householdProfile, setHouseholdProfile } from "@/lib/services/community/household";
import { householdProfileSchema } from "@/lib/validation/community";

// GET /api/v1/users/me/household: the household's short profile (housing type, floor area, occupants, heating, hot water), each null until given
export const GET = authedRoute(async ({ caller }) => ok(toProfileView(await householdProfile(caller))));

// PUT /api/v1/users/me/household: the fields given are set (null clears one)
export const PUT = authedRoute(async ({ req, caller }) => {
  const b = validate(householdProfileSchema, await readJsonBody(req));
  return ok(toProfileView(await setHouseholdProfile(caller, { housingType: b.housing_type, floorAreaM2: b.floor_area_m2, occupants: b.occupants, heating: b.heating, hotWater: b.hot_water })));
});
