// The message catalogs (lib/i18n/messages.ts): French says everything English says, with the same
// placeholders, and nothing English no longer says.
import { describe, expect, it } from "vitest";
import { CATALOGS, pickMessages, RAW_CATALOGS } from "@/lib/i18n/messages";

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
/** An ICU message's arguments ({name}, {count, plural, ...}) and tags (<link>). */
const args = (message: string) => [...new Set([...message.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]).concat([...message.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`)))].sort();

const en = new Map(leaves(RAW_CATALOGS.en as unknown as Tree));
const fr = new Map(leaves(RAW_CATALOGS.fr as unknown as Tree));

describe("the message catalogs", () => {
  it("has every English message in French, and no French message English lacks", () => {
    expect([...en.keys()].filter((k) => !fr.has(k))).toEqual([]);
    expect([...fr.keys()].filter((k) => !en.has(k))).toEqual([]);
  });

  it("gives each French message the same placeholders and tags as its English one", () => {
    const differ = [...en].filter(([k, v]) => fr.has(k) && JSON.stringify(args(v)) !== JSON.stringify(args(fr.get(k)!)));
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it("has no empty message", () => {
    expect([...en, ...fr].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
  });

  it("serves French from the French catalog", () => {
    expect(CATALOGS.fr.common.nav.home).toBe("Accueil");
    expect(CATALOGS.en.common.nav.home).toBe("Home");
  });

  it("sends a page the parts it names: whole namespaces, or groups of one", () => {
    const picked = pickMessages("fr", ["common", "energy.summary", "energy.sync"]);
    expect(Object.keys(picked)).toEqual(["common", "energy"]);
    expect(picked.common).toBe(CATALOGS.fr.common);
    expect(Object.keys(picked.energy!)).toEqual(["summary", "sync"]);
    expect(picked.energy!.summary).toBe(CATALOGS.fr.energy.summary);
    // a whole namespace, before or after one of its groups, is sent whole
    expect(pickMessages("en", ["energy.summary", "energy"]).energy).toBe(CATALOGS.en.energy);
    expect(pickMessages("en", ["energy", "energy.summary"]).energy).toBe(CATALOGS.en.energy);
  });
});
