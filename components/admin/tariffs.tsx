"use client";
// Tariff rows in the back-office: an admin adds the new grid when regulated prices change (1 February
// and 1 August). The form shows only the chosen option's prices and runs the server's own check
// (lib/validation/tariff.ts) before sending; adding a row closes the open row it follows.
import type { MouseEvent } from "react";
import {
  Create, Datagrid, DateInput, DeleteWithConfirmButton, Edit, FormDataConsumer, FunctionField, List, NullableBooleanInput,
  NumberField, NumberInput, SaveButton, SearchInput, SelectInput, SimpleForm, SimpleList, TextField, TextInput, Toolbar, required, useRecordContext,
} from "react-admin";
import { useSmallScreen } from "./small-screen";
import { dayText } from "@/components/ui/dates";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { KVA_STEPS, PRICE_KEYS, TARIFF_OPTIONS, type PriceKey, type TariffOption } from "@/lib/energy/tariff";
import { checkTariffBody, PRICE_FIELDS } from "@/lib/validation/tariff";

const OPTION_NAMES: Record<TariffOption, string> = { base: "Base", hphc: "HP/HC", tempo: "Tempo" };
const PRICE_NAMES: Record<PriceKey, string> = {
  base: "Base", hp: "HP (peak)", hc: "HC (off-peak)",
  blueHc: "Blue HC", blueHp: "Blue HP", whiteHc: "White HC", whiteHp: "White HP", redHc: "Red HC", redHp: "Red HP",
};
const optionChoices = TARIFF_OPTIONS.map((o) => ({ id: o, name: OPTION_NAMES[o] }));
const kvaChoices = KVA_STEPS.map((k) => ({ id: k, name: `${k} kVA` }));

type Values = Record<string, unknown>;

/** The prices of other options than the chosen one are left null (the form keeps them while the option changes). */
function onlyOptionPrices(values: Values): Values {
  const own = new Set<string>(PRICE_KEYS[values.option as TariffOption]?.map((k) => PRICE_FIELDS[k]) ?? []);
  const out = { ...values };
  for (const field of Object.values(PRICE_FIELDS)) if (!own.has(field)) out[field] = null;
  return out;
}

/** "price_hc is required for option hphc" → "Required for option hphc" under the HC field. */
const asFieldMessage = (path: string, message: string) => {
  const m = message.replace(new RegExp(`^${path}(: | is | )`), "").replace(/\bvalid_from\b/g, "the first day");
  return m.charAt(0).toUpperCase() + m.slice(1);
};

/** The server's rule, run in the browser (the server checks again). */
function validateTariff(values: Values) {
  const r = checkTariffBody(onlyOptionPrices(values));
  const errors: Record<string, string> = {};
  for (const e of r.errors ?? []) errors[e.path || "supplier"] ??= asFieldMessage(e.path, e.message);
  return errors;
}

const fmt = (v: unknown, digits: number) => (typeof v === "number" ? v.toLocaleString("fr-FR", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "—");

/** The option's prices: "0,2001" (Base), "HP 0,2142 · HC 0,1589", Tempo one colour a line ("Blue 0,1356 / 0,1654", HC / HP). */
function pricesText(record: Values): string[] {
  const p = (k: PriceKey) => fmt(record[PRICE_FIELDS[k]], 4);
  switch (record.option as TariffOption) {
    case "base":
      return [p("base")];
    case "hphc":
      return [`HP ${p("hp")} · HC ${p("hc")}`];
    case "tempo":
      return [`Blue ${p("blueHc")} / ${p("blueHp")}`, `White ${p("whiteHc")} / ${p("whiteHp")}`, `Red ${p("redHc")} / ${p("redHp")}`];
    default:
      return [];
  }
}

function PricesField(_props: { label?: string }) {
  const record = useRecordContext<Values>();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap", display: "block" }}>
      {pricesText(record).map((line) => (
        <span key={line} style={{ display: "block" }}>
          {line}
        </span>
      ))}
    </Typography>
  );
}

function SourceField(_props: { label?: string }) {
  const record = useRecordContext<Values>();
  const src = typeof record?.source === "string" ? record.source : "";
  let host = src;
  try {
    host = new URL(src).hostname.replace(/^www\./, "");
  } catch {
    // shown as it is
  }
  return src ? (
    <Link href={src} target="_blank" rel="noopener noreferrer" title={src} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {host}
    </Link>
  ) : null;
}

const tariffFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search supplier" />,
  <SelectInput key="option" source="option" choices={optionChoices} alwaysOn />,
  <SelectInput key="subscribed_kva" source="subscribed_kva" label="kVA" choices={kvaChoices} alwaysOn />,
  <NullableBooleanInput key="in_force" source="in_force" label="In force today" />,
];

const nowrap = { whiteSpace: "nowrap" } as const;
const optionName = (r: Values) => OPTION_NAMES[r.option as TariffOption] ?? String(r.option);
/** "2026-02-01" (a calendar day, no time zone) as "01 Feb 2026"; null reads "(open)". */
export const dateText = (day: unknown) => {
  if (typeof day !== "string") return "(open)";
  const [y, m, d] = day.split("-").map(Number);
  return dayText(new Date(y, m - 1, d));
};
const span = (r: Values) => `${dateText(r.valid_from)} → ${dateText(r.valid_to)}`;

export function TariffList() {
  const small = useSmallScreen();
  return (
    <List filters={tariffFilters} sort={{ field: "valid_from", order: "DESC" }} perPage={25}>
      {small ? (
        <SimpleList
          linkType="edit"
          primaryText={(r: Values) => `${r.supplier} · ${optionName(r)} · ${r.subscribed_kva} kVA`}
          secondaryText={(r: Values) => `${pricesText(r).join(" · ")} €/kWh`}
          tertiaryText={span}
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="supplier" sx={nowrap} />
          <FunctionField source="option" render={optionName} />
          <NumberField source="subscribed_kva" label="kVA" />
          <FunctionField source="subscription_eur_per_year" label="Subscription €/year" textAlign="right" render={(r: Values) => fmt(r.subscription_eur_per_year, 2)} />
          <PricesField label="€/kWh (Tempo: HC / HP)" />
          <FunctionField source="valid_from" label="Valid from" sx={nowrap} render={(r: Values) => dateText(r.valid_from)} />
          <FunctionField source="valid_to" label="Valid to" sx={nowrap} render={(r: Values) => dateText(r.valid_to)} />
          <SourceField label="Source" />
        </Datagrid>
      )}
    </List>
  );
}

function PriceInputs() {
  return (
    <FormDataConsumer>
      {({ formData }) => {
        const keys = PRICE_KEYS[formData.option as TariffOption];
        if (!keys) return <Alert severity="info" sx={{ mb: 2 }}>Choose the option to enter its prices.</Alert>;
        return (
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: keys.length > 2 ? "1fr 1fr" : "1fr" }, columnGap: 2, maxWidth: 520 }}>
            {keys.map((k) => (
              <NumberInput key={k} source={PRICE_FIELDS[k]} label={`${PRICE_NAMES[k]} (€/kWh TTC)`} step={0.0001} min={0} validate={required()} />
            ))}
          </Box>
        );
      }}
    </FormDataConsumer>
  );
}

function TariffFields() {
  return (
    <>
      <TextInput source="supplier" validate={required()} sx={{ minWidth: 320 }} />
      <SelectInput source="option" choices={optionChoices} validate={required()} />
      <SelectInput source="subscribed_kva" label="Subscribed power" choices={kvaChoices} validate={required()} />
      <NumberInput source="subscription_eur_per_year" label="Subscription (€/year TTC)" step={0.01} min={0} helperText="Empty when no source gives it" />
      <PriceInputs />
      <DateInput source="valid_from" label="Valid from" validate={required()} helperText="First day, inclusive" />
      <DateInput source="valid_to" label="Valid to" helperText="First day no longer applied; empty while in force" />
      <TextInput source="source" label="Source (URL)" validate={required()} fullWidth type="url" />
    </>
  );
}

const closesNote = "Adding a row that starts after the open row of the same supplier, option and power ends that row on the new row's first day.";

function TariffEditToolbar() {
  const record = useRecordContext<Values>();
  const open = record?.valid_to == null;
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle="Delete this tariff row?"
        confirmContent={open ? "Costs will no longer use these prices. The row it had closed (ending on its first day) is in force again." : "Costs will no longer use these prices for its dates."}
      />
    </Toolbar>
  );
}

export function TariffEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={onlyOptionPrices}>
      <SimpleForm toolbar={<TariffEditToolbar />} validate={validateTariff}>
        <TariffFields />
      </SimpleForm>
    </Edit>
  );
}

export function TariffCreate() {
  return (
    <Create redirect="list" transform={onlyOptionPrices}>
      <SimpleForm validate={validateTariff} defaultValues={{ supplier: "EDF Tarif Bleu", option: "base", subscribed_kva: 6 }}>
        <Alert severity="info" sx={{ mb: 2 }}>{closesNote}</Alert>
        <TariffFields />
      </SimpleForm>
    </Create>
  );
}
