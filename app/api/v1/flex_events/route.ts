import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { readJsonBody, validate } from "@/lib/http/parse";
import { listResponse, ok } from "@/lib/http/respond";
import { toOperatorEventView } from "@/lib/serializers/flex";
import { createEvent, operatorEvents } from "@/lib/services/flex/events";
import { flexEventSchema } from "@/lib/validation/flex";

// GET /api/v1/flex_events (admin): every community event, newest first, with its participants and settlement
export const GET = authedRoute(
  async ({ req }) => {
    const p = parseListParams(req, { sortable: ["starts_at"] as const, defaultSort: "starts_at" });
    // by start, the newest first unless `_order` says otherwise
    const order = new URL(req.url).searchParams.has("_order") ? p.sort.order : "desc";
    const { items, total } = await operatorEvents({ skip: p.skip, take: p.take, ids: p.ids, order });
    return listResponse(items.map(toOperatorEventView), total);
  },
  { role: "admin" },
);

// POST /api/v1/flex_events (admin): plans an event → 201
export const POST = authedRoute(
  async ({ req, caller }) => ok(toOperatorEventView(await createEvent(caller, validate(flexEventSchema, await readJsonBody(req)))), { status: 201 }),
  { role: "admin" },
);
