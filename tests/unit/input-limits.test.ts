import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "@/lib/errors";
import { ApiError, errorResponse } from "@/lib/http/errors";
import { MAX_IDS, MAX_PARAM_LENGTH, parseListParams } from "@/lib/http/list";
import { locationListFilters } from "@/lib/validation/list-filters";
import { MAX_BODY_BYTES, parseFormOrJson, parseJson, parseParams, parseQuery, readBodyBytes, readJsonBody } from "@/lib/http/parse";
import { loginSchema, recoveryParamsSchema, resetPasswordSchema, signupSchema } from "@/lib/validation/auth";
import { MAX_INT, optionalRef, requiredRef } from "@/lib/validation/common";
import { locationSchema } from "@/lib/validation/location";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import { DEPTH_MESSAGE, findTextProblems, isCleanText, KEY_MESSAGE, MAX_INPUT_DEPTH, NUL_MESSAGE, SURROGATE_MESSAGE } from "@/lib/validation/text";

const req = (url: string, init?: RequestInit) => new Request(`http://foyer.test${url}`, init);
const post = (body: BodyInit, type = "application/json", headers: Record<string, string> = {}) =>
  req("/x", { method: "POST", body, headers: { "content-type": type, ...headers }, duplex: "half" } as RequestInit);

/** The answer to the error a call throws (its status and body parts), or "ok". */
async function outcome(run: () => unknown): Promise<{ status: number; detail: string; errors?: { path: string; message: string }[] } | "ok"> {
  try {
    await run();
    return "ok";
  } catch (e) {
    if (!(e instanceof ApiError || e instanceof DomainError)) throw e;
    const r = errorResponse(e);
    const { detail, errors } = (await r.json()) as { detail: string; errors?: { path: string; message: string }[] };
    return { status: r.status, detail, errors };
  }
}

describe("the text rule", () => {
  it("refuses NUL and unpaired surrogates, keeps paired ones and everything else", () => {
    for (const s of ["", "plain", "é€😀", "\ud83d\ude00", "tab\tnew\nline", "\u{10ffff}", "\ufffd"]) expect(isCleanText(s), JSON.stringify(s)).toBe(true);
    for (const s of ["\0", "a\u0000b", "\ud800", "a\ud800b", "\udc00", "x\udfff", "\ude00\ud83d", "😀\ud800"]) expect(isCleanText(s), JSON.stringify(s)).toBe(false);
  });

  it("names each offending value by its dot-separated path, keys at the object holding them", () => {
    const input = { name: "a\u0000b", ok: "fine", data: { channels: [{ name: "ok" }, { name: "\ud800" }] }, ["bad\u0000key"]: 1, nested: { ["\udc00"]: { deep: "x" } } };
    expect(findTextProblems(input)).toEqual([
      { path: "", message: KEY_MESSAGE },
      { path: "name", message: NUL_MESSAGE },
      { path: "data.channels.1.name", message: SURROGATE_MESSAGE },
      { path: "nested", message: KEY_MESSAGE },
    ]);
    expect(findTextProblems(["\0"], ["data"])).toEqual([{ path: "data.0", message: NUL_MESSAGE }]);
    expect(findTextProblems({ a: 1, b: [true, null, 2.5], c: "ok" })).toEqual([]);
  });

  it("stops at a depth no body of the contract reaches, without recursion", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const problems = findTextProblems(deep);
    expect(problems).toEqual([{ path: Array(MAX_INPUT_DEPTH).fill(0).join("."), message: DEPTH_MESSAGE }]);
    let ok: unknown = "x";
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    expect(findTextProblems(ok)).toEqual([]);
  });

  it("reports at most `limit` problems", () => {
    expect(findTextProblems(Array(50).fill("\0"), [], 3)).toHaveLength(3);
  });
});

describe("body parsing", () => {
  const schema = z.object({ name: z.string().max(10) });

  it("refuses text breaking the rule with 422 naming the field, in JSON, urlencoded and multipart bodies", async () => {
    expect(await outcome(() => parseJson(post(JSON.stringify({ name: "a\u0000" })), schema))).toEqual({ status: 422, detail: NUL_MESSAGE, errors: [{ path: "name", message: NUL_MESSAGE }] });
    expect(await outcome(() => readJsonBody(post('{"x":{"y":["\\ud800"]}}')))).toMatchObject({ status: 422, errors: [{ path: "x.y.0", message: SURROGATE_MESSAGE }] });
    expect(await outcome(() => parseFormOrJson(post("name=a%00b", "application/x-www-form-urlencoded"), schema))).toMatchObject({ status: 422, errors: [{ path: "name" }] });
    const form = new FormData();
    form.set("name", "a\u0000b");
    expect(await outcome(() => parseFormOrJson(req("/x", { method: "POST", body: form }), schema))).toMatchObject({ status: 422, errors: [{ path: "name" }] });
    expect(await outcome(() => parseFormOrJson(post("name=ok", "application/x-www-form-urlencoded"), schema))).toBe("ok");
  });

  it("answers 400 for bytes that are not UTF-8", async () => {
    expect(await outcome(() => readJsonBody(post(new Uint8Array([0x22, 0xff, 0x22]))))).toMatchObject({ status: 400 });
  });

  it("answers 413 past 1 MB: a declared length before reading, else counting the stream", async () => {
    const big = `{"name":"${"a".repeat(MAX_BODY_BYTES)}"}`;
    expect(await outcome(() => parseJson(post(big), schema))).toMatchObject({ status: 413 });
    expect(await outcome(() => parseFormOrJson(post(`name=${"a".repeat(MAX_BODY_BYTES)}`, "application/x-www-form-urlencoded"), schema))).toMatchObject({ status: 413 });
    const form = new FormData();
    form.set("name", "a".repeat(MAX_BODY_BYTES));
    expect(await outcome(() => parseFormOrJson(req("/x", { method: "POST", body: form }), schema))).toMatchObject({ status: 413 });
    // a declared length over the limit is refused without reading a byte
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => { pulled++; c.enqueue(new Uint8Array(64 * 1024)); } });
    expect(await outcome(() => readBodyBytes(post(endless, "application/json", { "content-length": String(MAX_BODY_BYTES + 1) })))).toMatchObject({ status: 413 });
    expect(pulled).toBeLessThanOrEqual(1);
    // a stream with no (or a lying) length is read only up to the limit
    pulled = 0;
    expect(await outcome(() => readBodyBytes(post(endless, "application/json", { "content-length": "10" })))).toMatchObject({ status: 413 });
    expect(pulled * 64 * 1024).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * 64 * 1024);
    // exactly the limit is fine
    expect((await readBodyBytes(post("a".repeat(MAX_BODY_BYTES)))).byteLength).toBe(MAX_BODY_BYTES);
  });
});

describe("query and path parsing", () => {
  it("refuses NUL in any query name or value (422), before the schema", async () => {
    const schema = z.object({ start: z.string().optional() });
    expect(await outcome(() => parseQuery(req("/x?start=a%00"), schema))).toMatchObject({ status: 422, errors: [{ path: "start", message: NUL_MESSAGE }] });
    expect(await outcome(() => parseQuery(req("/x?a%00=1"), schema))).toMatchObject({ status: 422, errors: [{ path: "" }] });
    expect(await outcome(() => parseQuery(req("/x?start=2024-01-01"), schema))).toBe("ok");
  });

  it("validates path segments by their schema (length and text rule)", async () => {
    expect(parseParams({ email: " Ada@Example.org " }, recoveryParamsSchema)).toEqual({ email: "ada@example.org" });
    expect(await outcome(() => parseParams({ email: "a\u0000@b.co" }, recoveryParamsSchema))).toMatchObject({ status: 422, errors: [{ path: "email" }] });
    expect(await outcome(() => parseParams({ email: `${"a".repeat(250)}@b.co` }, recoveryParamsSchema))).toMatchObject({ status: 422, errors: [{ path: "email" }] });
  });
});

describe("list parameters' bounds", () => {
  const opts = { sortable: ["id"] as const, filters: locationListFilters };
  const list = (q: string) => outcome(() => parseListParams(req(`/x?${q}`), opts));

  it("bounds _start and _end to PostgreSQL's integer (422 past it)", async () => {
    expect(parseListParams(req(`/x?_start=${MAX_INT - 1}&_end=${MAX_INT}`), opts)).toMatchObject({ skip: MAX_INT - 1, take: 1 });
    for (const v of ["2147483648", "9007199254740993", "18446744073709551615", "1".repeat(200)]) {
      expect(await list(`_start=${v}`), v).toMatchObject({ status: 422, errors: [{ path: "_start" }] });
      expect(await list(`_end=${v}`), v).toMatchObject({ status: 422, errors: [{ path: "_end" }] });
    }
  });

  it("refuses NUL in a filter, q or an ignored parameter, and over-long values of what it reads", async () => {
    expect(await list("q=%00")).toMatchObject({ status: 422, errors: [{ path: "q", message: NUL_MESSAGE }] });
    expect(await list("name=a%00")).toMatchObject({ status: 422, errors: [{ path: "name" }] });
    expect(await list("other=%00")).toMatchObject({ status: 422, errors: [{ path: "other" }] });
    expect(await list(`q=${"a".repeat(MAX_PARAM_LENGTH + 1)}`)).toMatchObject({ status: 422, errors: [{ path: "q" }] });
    expect(await list(`name=${"a".repeat(MAX_PARAM_LENGTH + 1)}`)).toMatchObject({ status: 422, errors: [{ path: "name" }] });
    expect(await list(`ignored=${"a".repeat(MAX_PARAM_LENGTH + 1)}`)).toBe("ok");
    expect(await list(`q=${"a".repeat(MAX_PARAM_LENGTH)}`)).toBe("ok");
  });

  it("turns an id past the column's range into one that matches nothing", async () => {
    const owner = (v: string) => parseListParams(req(`/x?owner_id=${v}`), opts).filters.owner_id;
    expect(owner("42")).toBe(42);
    expect(owner(String(MAX_INT))).toBe(MAX_INT);
    expect(owner("2147483648")).toBe(0);
    expect(owner("99999999999999999999999")).toBe(0);
    expect(await list("owner_id=-1")).toMatchObject({ status: 422, errors: [{ path: "owner_id", message: "owner_id must be an integer" }] });
    expect(parseListParams(req("/x?id=1&id=99999999999"), opts).ids).toEqual([1]);
    expect(parseListParams(req("/x?id=99999999999"), opts).ids).toEqual([]);
    expect(parseListParams(req("/x"), opts).ids).toBeUndefined();
    expect(await list(Array(MAX_IDS + 1).fill("id=1").join("&"))).toMatchObject({ status: 422, errors: [{ path: "id" }] });
  });
});

describe("schema bounds", () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

  it("bounds body ids to 1..2147483647", () => {
    const ref = z.object({ a: optionalRef("Location"), b: requiredRef("required", "Device") });
    expect(ref.safeParse({ a: MAX_INT, b: String(MAX_INT) }).success).toBe(true);
    for (const bad of [MAX_INT + 1, 2 ** 53 + 2, 1e300, "2147483648", 0, -1, 1.5]) {
      expect(ref.safeParse({ a: bad, b: 1 }).success, String(bad)).toBe(false);
      expect(ref.safeParse({ b: bad }).success, String(bad)).toBe(false);
    }
  });

  it("checks lengths before anything costly", () => {
    expect(messages(loginSchema.safeParse({ username: `${"a".repeat(3000)}@example.com`, password: "x" }))).toEqual(["The e-mail address is too long"]);
    expect(loginSchema.safeParse({ username: "a@b.co", password: "x".repeat(5000) }).success).toBe(false);
    expect(messages(signupSchema.safeParse({ username: "a@b.co", password: "x".repeat(100_000) }))).toEqual(["Password must be at most 72 bytes"]);
    expect(resetPasswordSchema.safeParse({ token: "t".repeat(129), new_password: "12345678" }).success).toBe(false);
    expect(messages(scheduleDataSchema.safeParse({ der_name: "x", average_power: 100, months: [1], days: [0], hours: [0], start_date: "2".repeat(100) }))).toEqual(["start_date must be an ISO date-time"]);
  });

  it("refuses a long run of digits as a coordinate at once (no backtracking)", () => {
    const started = performance.now();
    const r = locationSchema.safeParse({ name: "x", country: "FR", lat: `${"1".repeat(500_000)}x`, lon: 1 });
    expect(messages(r)).toEqual(["Latitude must be a number"]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
