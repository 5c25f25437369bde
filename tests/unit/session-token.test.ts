import { describe, expect, it } from "vitest";
import { cookieHeaderGetter, isSessionCookieName, sessionTokenFrom } from "@/lib/auth/session-token";

const fromHeader = (h: string | null) => sessionTokenFrom(cookieHeaderGetter(h));

describe("the session cookie reader", () => {
  it("reads the whole cookie, the HTTPS name first", () => {
    expect(fromHeader("a=1; next-auth.session-token=plain")).toBe("plain");
    expect(fromHeader("next-auth.session-token=plain; __Secure-next-auth.session-token=secure")).toBe("secure");
  });

  it("puts a chunked session back together in order, whatever the header's order", () => {
    expect(fromHeader("next-auth.session-token.1=BBB; other=x; next-auth.session-token.0=AAA; next-auth.session-token.2=C")).toBe("AAABBBC");
    // a gap ends the chunks
    expect(fromHeader("next-auth.session-token.0=AAA; next-auth.session-token.2=C")).toBe("AAA");
  });

  it("has nothing without a session cookie, or with an empty one", () => {
    expect(fromHeader(null)).toBeUndefined();
    expect(fromHeader("")).toBeUndefined();
    expect(fromHeader("next-auth.session-token=; theme=dark")).toBeUndefined();
    expect(fromHeader("next-auth.session-token.1=only-the-second")).toBeUndefined();
  });

  it("URL-decodes values and survives a malformed escape", () => {
    expect(fromHeader("next-auth.session-token=a%2Eb")).toBe("a.b");
    expect(fromHeader("next-auth.session-token=100%")).toBe("100%");
  });

  it("reads a cookie jar the same way (server pages)", () => {
    const jar = new Map([["__Secure-next-auth.session-token.0", "X"], ["__Secure-next-auth.session-token.1", "Y"]]);
    expect(sessionTokenFrom((n) => jar.get(n))).toBe("XY");
  });

  it("names the session's cookies and their chunks only", () => {
    expect(isSessionCookieName("next-auth.session-token")).toBe(true);
    expect(isSessionCookieName("__Secure-next-auth.session-token.3")).toBe(true);
    expect(isSessionCookieName("next-auth.csrf-token")).toBe(false);
  });
});
