// npm run carbon:import -- <file> --id <folder> [--year YYYY] [--title … --provider … --licence …
//   --credit … --source … --url … --basis consumed|generated]
//
// Turns a downloaded year of grid carbon intensity (Electricity Maps' Data Portal CSV, an RTE
// éCO2mix export from ODRÉ or RTE's annual file, or the bundled form itself) into a bundled folder
// lib/energy/data/carbon/<id>/ (intensity.csv and dataset.json) that the app reads at its next
// start, with no code change. Write the folder's README.md and licence by hand, as fr-2023 has
// them. The conversion is lib/energy/carbon-import.ts (tested on the bundled 2023 file).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CarbonImportError, importIntensity, seriesFacts, toBundledCsv, type ImportedSeries } from "@/lib/energy/carbon-import";
import { CARBON_DATA_DIR } from "@/lib/energy/carbon";

/** What each format's publisher is, unless the command line says otherwise. */
const DEFAULTS: Record<ImportedSeries["format"], Record<string, string>> = {
  electricitymaps: {
    provider: "Electricity Maps", licence: "ODbL", credit: "Carbon intensity: Electricity Maps (ODbL)", basis: "consumed",
    url: "https://www.electricitymaps.com/data-portal",
  },
  rte: {
    provider: "RTE éCO2mix via ODRÉ", licence: "Licence Ouverte 2.0", credit: "Carbon intensity: RTE éCO2mix via ODRÉ (Licence Ouverte 2.0)", basis: "generated",
    url: "https://odre.opendatasoft.com/explore/dataset/eco2mix-national-cons-def/",
  },
  bundled: { provider: "", licence: "", credit: "", basis: "consumed", url: "" },
};

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: Object.fromEntries(["id", "year", "title", "provider", "licence", "credit", "source", "url", "basis"].map((k) => [k, { type: "string" as const }])),
  });
  const file = positionals[0];
  if (!file || !values.id || !/^[a-z0-9-]+$/.test(values.id)) {
    console.error("usage: npm run carbon:import -- <file> --id <folder, e.g. fr-2024> [--year YYYY] [--provider … --licence … --credit … --title … --source … --url … --basis consumed|generated]");
    process.exit(2);
  }
  const bytes = fs.readFileSync(file);
  // RTE's annual files are Latin-1; everything else is UTF-8
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes).includes("\uFFFD") ? bytes.toString("latin1") : bytes.toString("utf8");
  const series = importIntensity(text, values.year ? Number(values.year) : undefined);
  const d = { ...DEFAULTS[series.format], ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) };
  const facts = seriesFacts(series);
  const missing = ["provider", "licence", "credit"].filter((k) => !d[k]);
  if (missing.length) throw new CarbonImportError(`say --${missing.join(", --")} for this file (its format does not tell)`);
  if (d.basis !== "consumed" && d.basis !== "generated") throw new CarbonImportError("--basis is consumed or generated");
  const year = facts.first.slice(0, 4);
  const meta = {
    id: values.id,
    title: d.title ?? `France ${year}, ${series.stepMinutes === 60 ? "hourly" : "half-hourly"}`,
    provider: d.provider,
    licence: d.licence,
    credit: d.credit,
    source: d.source ?? `${d.provider}, France ${year}, ${series.stepMinutes === 60 ? "hourly" : "half-hourly"}: gCO2eq/kWh of the electricity ${d.basis} in France`,
    url: d.url,
    basis: d.basis,
    zone: "FR",
    ...facts,
  };
  const dir = path.join(CARBON_DATA_DIR, values.id);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "intensity.csv"), toBundledCsv(series.points));
  fs.writeFileSync(path.join(dir, "dataset.json"), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`[carbon:import] ${series.format}: ${facts.rows} intervals of ${facts.step_minutes} min, ${facts.first} to ${facts.last}, ${facts.missing_rows} missing, mean ${facts.mean_g_per_kwh} g/kWh`);
  console.log(`[carbon:import] wrote ${dir}/intensity.csv and dataset.json; add its README.md and licence file, as in lib/energy/data/carbon/fr-2023/`);
}

try {
  main();
} catch (err) {
  console.error(`[carbon:import] ${err instanceof CarbonImportError ? err.message : String(err)}`);
  process.exit(1);
}
