"use client";
import Box from "@mui/material/Box";
import { Tag } from "@/components/ui/tag";
import { Text } from "@/components/ui/text";
import { useLocale, useTranslations } from "use-intl";
import { integrationLabel } from "@/components/ui/labels";
import { day, meterIds, type IntegrationView } from "./integration-view";
import { SandboxChip } from "./sandbox-chip";

/** The meter column: a linky's usage points, none for netatmo (and any account without meters). */
function meterCell(i: IntegrationView): string | null {
  if (i.name === "netatmo") return null;
  const ids = meterIds(i.resource);
  return ids.length ? ids.join(", ") : null;
}

function Marks({ integration: i }: { integration: IntegrationView }) {
  const t = useTranslations("integrations.table");
  return (
    <>
      {i.needs_relink && <Tag color="warning" variant="outlined" label={t("needsRelink")} sx={{ color: "text.primary" }} />}
      {i.sandbox && <SandboxChip />}
    </>
  );
}

// MUI's small Table drawn on a plain <table> (its six components cost this page about 3 KiB)
const table = {
  width: "100%",
  borderCollapse: "collapse",
  typography: "body2",
  "& th, & td": { textAlign: "left", px: 2, py: "6px", borderBottom: 1, borderColor: "divider", verticalAlign: "inherit" },
  "& th": { fontWeight: 700, whiteSpace: "nowrap", lineHeight: "1.5rem", color: "text.primary" },
  "& tbody tr:last-of-type td": { borderBottom: 0 },
} as const;

/**
 * Variant B's 'My Integrations' table: name, meter ids, created and last updated (dd MMM yyyy).
 * A phone gets the same facts as one small card per integration (the table shows from 600 px up).
 */
export function MyIntegrationsTable({ integrations }: { integrations: IntegrationView[] }) {
  const t = useTranslations("integrations.table");
  const tcommon = useTranslations("common");
  const locale = useLocale();
  // the specification's names ('Linky grid-operator meter'...), in the reader's language; an unknown name as it is
  const label = (name: string) => integrationLabel(name, tcommon);
  const meters = (i: IntegrationView) => meterCell(i) ?? t("notAvailable");
  return (
    <>
      <Box component="ul" sx={{ display: { xs: "flex", sm: "none" }, flexDirection: "column", gap: 1.5, m: 0, p: 0, listStyle: "none" }}>
        {integrations.map((i) => (
          <Box component="li" key={i.id} sx={{ border: 1, borderColor: "divider", borderRadius: 2, p: 1.5 }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
              <Text component="span" sx={{ fontWeight: 600 }}>
                {label(i.name)}
              </Text>
              <Marks integration={i} />
            </Box>
            <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1.5, rowGap: 0.25, fontSize: 14, "& dt": { color: "text.secondary" }, "& dd": { m: 0, overflowWrap: "anywhere" } }}>
              <dt>{t("meterIds")}</dt>
              <dd>{meters(i)}</dd>
              <dt>{t("created")}</dt>
              <dd>{day(i.created_at, locale)}</dd>
              <dt>{t("lastUpdated")}</dt>
              <dd>{day(i.updated_at, locale)}</dd>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: { xs: "none", sm: "block" }, overflowX: "auto", border: 1, borderColor: "divider", borderRadius: 2 }}>
        <Box component="table" aria-labelledby="my-integrations-title" sx={table}>
          <thead>
            <tr>
              <th scope="col">{t("name")}</th>
              <th scope="col">{t("meterIds")}</th>
              <th scope="col">{t("created")}</th>
              <th scope="col">{t("lastUpdated")}</th>
            </tr>
          </thead>
          <tbody>
            {integrations.map((i) => (
              <tr key={i.id}>
                <td>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                    <Text component="span" sx={{ fontWeight: 600, fontSize: "inherit" }}>
                      {label(i.name)}
                    </Text>
                    <Marks integration={i} />
                  </Box>
                </td>
                <Box component="td" sx={{ wordBreak: "keep-all", color: i.name === "netatmo" || !i.resource ? "text.secondary" : undefined }}>
                  {meters(i)}
                </Box>
                <Box component="td" sx={{ whiteSpace: "nowrap" }}>
                  {day(i.created_at, locale)}
                </Box>
                <Box component="td" sx={{ whiteSpace: "nowrap" }}>
                  {day(i.updated_at, locale)}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </>
  );
}
