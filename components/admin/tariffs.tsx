"use client";
// Tariff rows in the back-office: an admin adds the new grid when regulated prices change (1 February
// and 1 August). The form shows only the chosen option's prices and runs the server's own check
// (lib/validation/tariff.ts) before sending; adding a row closes the open row it follows.
import { useMemo, type MouseEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
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

type TariffT = ReturnType<typeof useTranslations<"admin.tariffs">>;

/** The option's prices: "0,2001" (Base), "HP 0,2142 · HC 0,1589", Tempo one colour a line ("Blue 0,1356 / 0,1654", HC / HP). */
function pricesText(record: Values, t: TariffT): string[] {
  const p = (k: PriceKey) => fmt(record[PRICE_FIELDS[k]], 4);
  switch (record.option as TariffOption) {
    case "base":
      return [p("base")];
    case "hphc":
      return [`HP ${p("hp")} · HC ${p("hc")}`];
    case "tempo":
      return [`${t("blue")} ${p("blueHc")} / ${p("blueHp")}`, `${t("white")} ${p("whiteHc")} / ${p("whiteHp")}`, `${t("red")} ${p("redHc")} / ${p("redHp")}`];
    default:
      return [];
  }
}

/**
 * How tariffs read in the page's language: an option's name, a row's prices and its days ("2026-02-01",
 * a calendar day with no time zone, as "01 Feb 2026"; none reads "(open)").
 */
export function useTariffWords() {
  const t = useTranslations("admin.tariffs");
  const locale = useLocale();
  return useMemo(
    () => ({
      t,
      optionName: (r: Values) => (TARIFF_OPTIONS.includes(r.option as TariffOption) ? t(`options.${r.option as TariffOption}`) : String(r.option)),
      optionChoices: TARIFF_OPTIONS.map((o) => ({ id: o, name: t(`options.${o}`) })),
      pricesText: (r: Values) => pricesText(r, t),
      dateText: (day: unknown) => {
        if (typeof day !== "string") return t("open");
        const [y, m, d] = day.split("-").map(Number);
        return dayText(new Date(y, m - 1, d), locale);
      },
    }),
    [t, locale],
  );
}

function PricesField(_props: { label?: string }) {
  const record = useRecordContext<Values>();
  const { pricesText } = useTariffWords();
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

function useTariffFilters() {
  const { t, optionChoices } = useTariffWords();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={t("search")} />,
    <SelectInput key="option" source="option" choices={optionChoices} alwaysOn />,
    <SelectInput key="subscribed_kva" source="subscribed_kva" label={t("kva")} choices={kvaChoices} alwaysOn />,
    <NullableBooleanInput key="in_force" source="in_force" label={t("inForce")} />,
  ];
}

const nowrap = { whiteSpace: "nowrap" } as const;

export function TariffList() {
  const small = useSmallScreen();
  const { t, optionName, pricesText, dateText } = useTariffWords();
  const span = (r: Values) => `${dateText(r.valid_from)} → ${dateText(r.valid_to)}`;
  return (
    <List filters={useTariffFilters()} sort={{ field: "valid_from", order: "DESC" }} perPage={25}>
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
          <NumberField source="subscribed_kva" label={t("kva")} />
          <FunctionField source="subscription_eur_per_year" label={t("subscriptionColumn")} textAlign="right" render={(r: Values) => fmt(r.subscription_eur_per_year, 2)} />
          <PricesField label={t("pricesColumn")} />
          <FunctionField source="valid_from" label={t("validFrom")} sx={nowrap} render={(r: Values) => dateText(r.valid_from)} />
          <FunctionField source="valid_to" label={t("validTo")} sx={nowrap} render={(r: Values) => dateText(r.valid_to)} />
          <SourceField label={t("source")} />
        </Datagrid>
      )}
    </List>
  );
}

function PriceInputs() {
  const t = useTranslations("admin.tariffs");
  return (
    <FormDataConsumer>
      {({ formData }) => {
        const keys = PRICE_KEYS[formData.option as TariffOption];
        if (!keys) return <Alert severity="info" sx={{ mb: 2 }}>{t("chooseOption")}</Alert>;
        return (
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: keys.length > 2 ? "1fr 1fr" : "1fr" }, columnGap: 2, maxWidth: 520 }}>
            {keys.map((k) => (
              <NumberInput key={k} source={PRICE_FIELDS[k]} label={t("priceLabel", { name: t(`prices.${k}`) })} step={0.0001} min={0} validate={required()} />
            ))}
          </Box>
        );
      }}
    </FormDataConsumer>
  );
}

function TariffFields() {
  const { t, optionChoices } = useTariffWords();
  return (
    <>
      <TextInput source="supplier" validate={required()} sx={{ minWidth: 320 }} />
      <SelectInput source="option" choices={optionChoices} validate={required()} />
      <SelectInput source="subscribed_kva" label={t("subscribedPower")} choices={kvaChoices} validate={required()} />
      <NumberInput source="subscription_eur_per_year" label={t("subscription")} step={0.01} min={0} helperText={t("subscriptionHelp")} />
      <PriceInputs />
      <DateInput source="valid_from" label={t("validFrom")} validate={required()} helperText={t("validFromHelp")} />
      <DateInput source="valid_to" label={t("validTo")} helperText={t("validToHelp")} />
      <TextInput source="source" label={t("sourceUrl")} validate={required()} fullWidth type="url" />
    </>
  );
}

function TariffEditToolbar() {
  const record = useRecordContext<Values>();
  const open = record?.valid_to == null;
  const t = useTranslations("admin.tariffs");
  return (
    <Toolbar sx={{ display: "flex", justifyContent: "space-between" }}>
      <SaveButton />
      <DeleteWithConfirmButton
        confirmTitle={t("deleteTitle")}
        confirmContent={open ? t("deleteOpen") : t("deleteClosed")}
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
  const t = useTranslations("admin.tariffs");
  return (
    <Create redirect="list" transform={onlyOptionPrices}>
      <SimpleForm validate={validateTariff} defaultValues={{ supplier: "EDF Tarif Bleu", option: "base", subscribed_kva: 6 }}>
        <Alert severity="info" sx={{ mb: 2 }}>{t("closesNote")}</Alert>
        <TariffFields />
      </SimpleForm>
    </Create>
  );
}
