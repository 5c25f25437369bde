import { describe, expect, it } from "vitest";
import { z } from "zod";
import { conflict, DomainError, invalid, unauthenticated, unavailable } from "@/lib/errors";
import { ApiError, errorResponse } from "@/lib/http/errors";
import { REFUSED_CLIENT_HEADER } from "@/lib/shared/refusals.mjs";
import { orderByWithId, parseListParams } from "@/lib/http/list";
import { ownerScope } from "@/lib/services/access";
import { locationListFilters, scheduleListFilters, userListFilters } from "@/lib/validation/list-filters";
import { parseJson } from "@/lib/http/parse";

const req = (url: string, init?: RequestInit) => new Request(`http://foyer.test${url}`, init);

describe("list parameters", () => {
  it("defaults to the first 1000 by id", () => {
    expect(parseListParams(req("/x"), { sortable: ["id", "email"] })).toMatchObject({ skip: 0, take: 1000, sort: { field: "id", order: "asc" } });
  });
  it("reads json-server's slice, sort and filters", () => {
    const p = parseListParams(req("/x?_start=10&_end=25&_sort=email&_order=DESC&user_id=3&other=1&q=%20ada%20"), { sortable: ["id", "email"], filters: scheduleListFilters });
    expect(p).toEqual({ skip: 10, take: 15, sort: { field: "email", order: "desc" }, filters: { user_id: 3 }, q: "ada" });
  });
  it("refuses bad values with 422", () => {
    for (const q of ["_start=-1", "_end=x", "_order=UP", "_sort=password"]) {
      expect(() => parseListParams(req(`/x?${q}`), { sortable: ["id"] }), q).toThrow(DomainError);
    }
  });
});

describe("list helpers", () => {
  it("tells an absent enum filter from one outside its list", () => {
    const country = (q: string) => parseListParams(req(`/x?${q}`), { sortable: ["id"], filters: locationListFilters }).filters.country;
    expect(country("")).toBeUndefined();
    expect(country("country=DE")).toBe("DE");
    expect(country("country=XX")).toBeNull();
  });
  it("parses boolean filters, 422 for anything but true/false/1/0, every field's problem at once", () => {
    const users = (q: string) => parseListParams(req(`/x?${q}`), { sortable: ["id"], filters: userListFilters }).filters;
    expect(users("is_active=true&is_superuser=0")).toEqual({ is_active: true, is_superuser: false });
    expect(() => users("is_active=yes")).toThrow(DomainError);
    try {
      users("is_active=yes&accepted_tos=2");
    } catch (e) {
      expect((e as DomainError).errors).toEqual([
        { path: "is_active", message: "is_active must be true or false" },
        { path: "accepted_tos", message: "accepted_tos must be true or false" },
      ]);
    }
  });
  it("orders by the column, then by id", () => {
    expect(orderByWithId("email", "desc")).toEqual([{ email: "desc" }, { id: "asc" }]);
    expect(orderByWithId("id", "desc")).toEqual([{ id: "desc" }]);
  });
});

describe("parseJson", () => {
  const schema = z.object({ a: z.number() });
  it("400 for a non-JSON body or content type, 422 for a wrong shape", async () => {
    const status = async (init: RequestInit) => {
      try {
        await parseJson(req("/x", { method: "POST", ...init }), schema);
        return 200;
      } catch (e) {
        return errorResponse(e).status;
      }
    };
    expect(await status({ body: "{", headers: { "content-type": "application/json" } })).toBe(400);
    expect(await status({ body: '{"a":1}', headers: { "content-type": "text/plain" } })).toBe(400);
    expect(await status({ body: "", headers: { "content-type": "application/json" } })).toBe(400);
    expect(await status({ body: '{"a":"1"}', headers: { "content-type": "application/json" } })).toBe(422);
    expect(await status({ body: "[1]", headers: { "content-type": "application/json" } })).toBe(422);
    expect(await status({ body: '{"a":1,"ignored":true}', headers: { "content-type": "application/json" } })).toBe(200);
  });
});

describe("errorResponse", () => {
  it("answers the contract's bodies and never leaks an unknown error", async () => {
    const r = errorResponse(unauthenticated());
    expect(r.status).toBe(401);
    expect(await r.clone().json()).toEqual({ detail: "Could not validate credentials", code: "not_authenticated" });
    // an error may name a more precise code than its status's
    expect(await errorResponse(conflict("Taken", "user_exists")).json()).toEqual({ detail: "Taken", code: "user_exists" });
    expect(r.headers.get("www-authenticate")).toBe("Bearer");
    const original = console.error;
    console.error = () => {};
    try {
      const boom = errorResponse(new Error("SELECT secret FROM users"));
      expect(boom.status).toBe(500);
      expect(await boom.json()).toEqual({ detail: "Internal server error", code: "internal_error" });
    } finally {
      console.error = original;
    }
  });
});

describe("errorResponse of a domain error", () => {
  it("maps each kind to its status, with its headers and the error's extra body", async () => {
    const answer = async (e: unknown) => {
      const r = errorResponse(e);
      return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
    };
    expect(await answer(invalid([{ path: "a", message: "Bad a" }]))).toMatchObject({
      status: 422,
      body: '{"detail":"Bad a","code":"validation_error","errors":[{"path":"a","message":"Bad a"}]}',
    });
    // no field errors: no `errors`
    expect((await answer(new DomainError("invalid", "No readings to export"))).body).toBe('{"detail":"No readings to export","code":"validation_error"}');
    // the extra body comes after detail and code, the field errors last
    expect((await answer(new DomainError("invalid", "Line 3: bad", { errors: [{ path: "line 3", message: "bad" }], body: { line: 3 } }))).body).toBe(
      '{"detail":"Line 3: bad","code":"validation_error","line":3,"errors":[{"path":"line 3","message":"bad"}]}',
    );
    expect(await answer(new DomainError("upstream", "Vendor failed", { body: { results: { error: "x" } } }))).toMatchObject({
      status: 502,
      body: '{"detail":"Vendor failed","code":"vendor_error","results":{"error":"x"}}',
    });
    const tooMany = await answer(new DomainError("too_many", "Too many", { retryAfterSeconds: 7, holdClientMs: 1500 }));
    expect(tooMany).toMatchObject({ status: 429, body: '{"detail":"Too many","code":"rate_limited"}' });
    expect(tooMany.headers["retry-after"]).toBe("7");
    expect(tooMany.headers[REFUSED_CLIENT_HEADER]).toBe("1500");
    const busy = await answer(unavailable("Busy", 1));
    expect([busy.status, busy.headers["retry-after"]]).toEqual([503, "1"]);
    // a feature not configured: 503 without Retry-After
    const off = await answer(new DomainError("unavailable", "Dashboards have not been enabled yet"));
    expect([off.status, off.headers["retry-after"]]).toEqual([503, undefined]);
    const denied = await answer(unauthenticated("Incorrect username or password", "invalid_credentials"));
    expect([denied.status, denied.headers["www-authenticate"], denied.body]).toEqual([401, "Bearer", '{"detail":"Incorrect username or password","code":"invalid_credentials"}']);
    expect((await answer(new DomainError("unsupported_media", "Send CSV"))).status).toBe(415);
    // what is about HTTP itself stays an ApiError
    const notAllowed = await answer(new ApiError(405, "Method Not Allowed", { headers: { Allow: "POST" } }));
    expect([notAllowed.status, notAllowed.headers.allow, notAllowed.body]).toEqual([405, "POST", '{"detail":"Method Not Allowed","code":"method_not_allowed"}']);
  });
});

describe("ownerScope (lib/services/access)", () => {
  const household = { id: 7, isSuperuser: false } as Parameters<typeof ownerScope>[0];
  const admin = { id: 1, isSuperuser: true } as Parameters<typeof ownerScope>[0];
  it("a household sees its own rows; naming another owner matches nothing", () => {
    expect(ownerScope(household, "ownerId", undefined)).toEqual({ ownerId: 7 });
    expect(ownerScope(household, "ownerId", 7)).toEqual({ ownerId: 7 });
    expect(ownerScope(household, "userId", 8)).toEqual({ userId: 0 });
  });
  it("an admin sees everyone's and may narrow to anyone, unless the list is their own", () => {
    expect(ownerScope(admin, "ownerId", undefined)).toEqual({});
    expect(ownerScope(admin, "ownerId", 8)).toEqual({ ownerId: 8 });
    expect(ownerScope(admin, "ownerId", undefined, { onlyOwn: true })).toEqual({ ownerId: 1 });
    expect(ownerScope(admin, "ownerId", 8, { onlyOwn: true })).toEqual({ ownerId: 0 });
  });
});
