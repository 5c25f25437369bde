// Who may call the community's endpoints (docs/community.md): the operator's (summary, flexible
// power by hour, members and their exits, settings, shares, coefficient file, key simulation,
// Enedis' ACC imports) are an admin's, refused to a household (403) and to no credentials (401);
// a household's own (its profile, homes like mine, its part in the operation) are any signed-in
// user's. Each row is tried anonymously and, for everyone else, with a bearer token and with the
// session cookie (tests/helpers/permissions.ts). The owner takes part in the operation as a
// consumer with a Linky meter since the month before last; an ACC import of last month is made
// by the admin before each test.
import { beforeEach, describe, expect } from "vitest";
import { db } from "@/lib/db";
import { addMonths, parisDayOf } from "@/lib/time/paris";
import { GET as summaryGET } from "@/app/api/v1/community/summary/route";
import { GET as flexByHourGET } from "@/app/api/v1/community/flex_by_hour/route";
import { GET as membersGET, POST as membersPOST } from "@/app/api/v1/community/members/route";
import { POST as exitPOST } from "@/app/api/v1/community/members/[id]/exit/route";
import { GET as settingsGET, PUT as settingsPUT } from "@/app/api/v1/community/settings/route";
import { GET as sharesGET, PUT as sharesPUT } from "@/app/api/v1/community/shares/route";
import { GET as coefficientsGET } from "@/app/api/v1/community/coefficients/route";
import { POST as simulatePOST } from "@/app/api/v1/community/simulate/route";
import { GET as importsGET, POST as importsPOST } from "@/app/api/v1/community/acc_imports/route";
import { GET as importGET } from "@/app/api/v1/community/acc_imports/[id]/route";
import { GET as sampleGET } from "@/app/api/v1/community/acc_imports/sample/route";
import { GET as profileGET, PUT as profilePUT } from "@/app/api/v1/users/me/household/route";
import { GET as compareGET } from "@/app/api/v1/users/me/homes_like_mine/route";
import { GET as mineGET } from "@/app/api/v1/users/me/community/route";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { makeCast } from "../factories/users";

const TODAY = parisDayOf(Date.now());
/** Last month (its first day), the period of most rows; the owner took part from the month before. */
const MONTH = addMonths(`${TODAY.slice(0, 7)}-01`, -1);
const JOINED = addMonths(MONTH, -1);
const PERIOD = `from=${MONTH}&to=${addMonths(MONTH, 1)}`;
const PRM = "24880057139941";
/** Enedis' ACC layout: one daily value of the owner's meter (noon: the same Paris day in any season). */
const ACC = `prm;type;horodate;pas;valeur_wh\r\n${PRM};CONS;${MONTH}T12:00:00+01:00;P1D;5000\r\n`;
const CSV_BODY = { body: ACC, headers: { "content-type": "text/csv" } };

describe("who may call the community's endpoints (the operator's: an admin's; the household's own: any signed-in user's)", () => {
  let cast: Cast;
  let memberId: number, importId: number;
  beforeEach(async () => {
    cast = await makeCast();
    await db.meter.create({ data: { userId: cast.owner.id, usagePointId: PRM, sandbox: true, producer: false, syncState: "done" } });
    memberId = (await db.communityMember.create({ data: { userId: cast.owner.id, role: "consumer", joinedOn: new Date(`${JOINED}T00:00:00Z`) } })).id;
    const imported = await call(importsPOST, { method: "POST", path: "/api/v1/community/acc_imports?file_name=enedis.csv", token: cast.admin.token, ...CSV_BODY });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    importId = imported.body.import.id;
  });
  const at = (id: number) => ({ id: String(id) });
  const get = (handler: Parameters<typeof call>[0], path: string) => (t?: Auth) => call(handler, { token: t, path });
  const adminOnly = { anon: 401, owner: 403, other: 403 };
  const anyone = { anon: 401, owner: 200, other: 200, admin: 200 };
  const rows: PermissionRow[] = [
    // the operator's
    { route: "GET /api/v1/community/summary", name: "GET /community/summary", run: get(summaryGET, `/api/v1/community/summary?${PERIOD}`), expect: { ...adminOnly, admin: 200 } },
    { route: "GET /api/v1/community/summary", name: "GET /community/summary as CSV", run: get(summaryGET, `/api/v1/community/summary?${PERIOD}&format=csv`), expect: { owner: 403, admin: 200 } },
    { route: "GET /api/v1/community/flex_by_hour", name: "GET /community/flex_by_hour", run: get(flexByHourGET, `/api/v1/community/flex_by_hour?${PERIOD}`), expect: { ...adminOnly, admin: 200 } },
    { route: "GET /api/v1/community/members", name: "GET /community/members", run: get(membersGET, `/api/v1/community/members?${PERIOD}`), expect: { ...adminOnly, admin: 200 } },
    {
      route: "POST /api/v1/community/members", name: "POST /community/members (another household's entry)",
      run: (t) => call(membersPOST, { method: "POST", token: t, path: "/api/v1/community/members", json: { user_id: cast.other.id, role: "consumer", joined_on: MONTH } }),
      expect: { ...adminOnly, admin: 201 },
    },
    {
      route: "POST /api/v1/community/members/[id]/exit", name: "POST /community/members/{owner's}/exit",
      run: (t) => call(exitPOST, { method: "POST", token: t, params: at(memberId), json: { left_on: TODAY } }),
      expect: { ...adminOnly, admin: 200 },
    },
    {
      route: "POST /api/v1/community/members/[id]/exit", name: "POST /community/members/{missing}/exit",
      run: (t) => call(exitPOST, { method: "POST", token: t, params: at(999999), json: { left_on: TODAY } }),
      expect: { owner: 403, admin: 404 },
    },
    { route: "GET /api/v1/community/settings", name: "GET /community/settings", run: get(settingsGET, "/api/v1/community/settings"), expect: { ...adminOnly, admin: 200 } },
    {
      route: "PUT /api/v1/community/settings", name: "PUT /community/settings",
      run: (t) => call(settingsPUT, { method: "PUT", token: t, path: "/api/v1/community/settings", json: { name: "Quartier solaire" } }),
      expect: { ...adminOnly, admin: 200 },
    },
    { route: "GET /api/v1/community/shares", name: "GET /community/shares", run: get(sharesGET, `/api/v1/community/shares?month=${MONTH.slice(0, 7)}`), expect: { ...adminOnly, admin: 200 } },
    {
      route: "PUT /api/v1/community/shares", name: "PUT /community/shares",
      run: (t) => call(sharesPUT, { method: "PUT", token: t, path: "/api/v1/community/shares", json: { month: MONTH.slice(0, 7), shares: [{ user_id: cast.owner.id, percent: 100 }] } }),
      expect: { ...adminOnly, admin: 200 },
    },
    { route: "GET /api/v1/community/coefficients", name: "GET /community/coefficients", run: get(coefficientsGET, `/api/v1/community/coefficients?month=${MONTH.slice(0, 7)}`), expect: { ...adminOnly, admin: 200 } },
    {
      route: "POST /api/v1/community/simulate", name: "POST /community/simulate",
      run: (t) => call(simulatePOST, { method: "POST", token: t, path: "/api/v1/community/simulate", json: { from: MONTH, to: addMonths(MONTH, 1) } }),
      expect: { ...adminOnly, admin: 200 },
    },
    { route: "GET /api/v1/community/acc_imports", name: "GET /community/acc_imports", run: get(importsGET, "/api/v1/community/acc_imports"), expect: { ...adminOnly, admin: 200 } },
    {
      route: "POST /api/v1/community/acc_imports", name: "POST /community/acc_imports (a CSV file)",
      run: (t) => call(importsPOST, { method: "POST", token: t, path: "/api/v1/community/acc_imports", ...CSV_BODY }),
      expect: { ...adminOnly, admin: 201 },
    },
    { route: "GET /api/v1/community/acc_imports/[id]", name: "GET /community/acc_imports/{id}", run: (t) => call(importGET, { token: t, params: at(importId) }), expect: { ...adminOnly, admin: 200 } },
    { route: "GET /api/v1/community/acc_imports/[id]", name: "GET /community/acc_imports/{missing}", run: (t) => call(importGET, { token: t, params: at(999999) }), expect: { owner: 403, admin: 404 } },
    { route: "GET /api/v1/community/acc_imports/sample", name: "GET /community/acc_imports/sample", run: get(sampleGET, `/api/v1/community/acc_imports/sample?month=${MONTH.slice(0, 7)}`), expect: { ...adminOnly, admin: 200 } },
    // the household's own
    { route: "GET /api/v1/users/me/household", name: "GET /users/me/household", run: get(profileGET, "/api/v1/users/me/household"), expect: anyone },
    {
      route: "PUT /api/v1/users/me/household", name: "PUT /users/me/household",
      run: (t) => call(profilePUT, { method: "PUT", token: t, path: "/api/v1/users/me/household", json: { housing_type: "apartment", occupants: 3 } }),
      expect: anyone,
    },
    { route: "GET /api/v1/users/me/homes_like_mine", name: "GET /users/me/homes_like_mine", run: get(compareGET, "/api/v1/users/me/homes_like_mine"), expect: anyone },
    { route: "GET /api/v1/users/me/community", name: "GET /users/me/community", run: get(mineGET, "/api/v1/users/me/community"), expect: anyone },
  ];
  permissionTable(rows, () => cast);
});
