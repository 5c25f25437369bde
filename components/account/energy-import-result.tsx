"use client";
// My Account's import, once a file has been read: what it holds, then what was imported (loaded
// with the first file chosen: energy-data.tsx).
import { useLocale, useTranslations } from "use-intl";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Text } from "@/components/ui/text";
import { TextLink } from "@/components/ui/text-link";
import { dayText } from "@/components/ui/dates";
import { useApiText } from "@/components/i18n/api-texts";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { ImportPreview, ImportResult } from "@/lib/services/imports/load-curve";

const parisDay = new Intl.DateTimeFormat("en", { year: "numeric", month: "numeric", day: "numeric", timeZone: "Europe/Paris" });
/** An instant's day in Paris as "05 Jan 2026" / "05 janv. 2026". */
function parisDayText(instant: number | string, locale: Locale): string {
  const parts = parisDay.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((x) => x.type === type)?.value);
  return dayText(new Date(part("year"), part("month") - 1, part("day"), 12), locale);
}

/** The local days from the first interval's start to the last one's end (exclusive), "none" without readings. */
function useRangeText(): (first: string | null, last: string | null) => string {
  const t = useTranslations("account.energy");
  const locale = useLocale();
  return (first, last) => {
    if (!first || !last) return t("preview.rangeNone");
    const a = parisDayText(first, locale);
    const b = parisDayText(Date.parse(last) - 1, locale);
    return a === b ? a : t("range", { from: a, to: b });
  };
}

const dl = {
  m: 0,
  display: "grid",
  gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" },
  columnGap: 2,
  rowGap: { xs: 0, sm: 0.5 },
  fontSize: 14,
  "& dt": { color: "text.secondary" },
  "& dd": { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" },
} as const;

/** What the chosen file holds, with Import and Cancel (a progress bar while it imports). */
export function PreviewCard({ file, preview: p, busy, onImport, onCancel }: { file: File; preview: ImportPreview; busy: boolean; onImport: () => void; onCancel: () => void }) {
  const t = useTranslations("account.energy.preview");
  const apiText = useApiText();
  const rangeText = useRangeText();
  const importLabel = p.bad_count > 0 ? t("importGood", { count: p.points }) : t("import");
  return (
    <Box component="section" aria-labelledby="import-preview-title" sx={{ border: 1, borderColor: "primary.light", borderRadius: 2, p: { xs: 1.5, sm: 2 }, display: "grid", gap: 1.5 }}>
      <Text id="import-preview-title" component="h4" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
        {t("title", { name: file.name })}
      </Text>
      <Box component="dl" sx={dl}>
        <dt>{t("meter")}</dt>
        <dd>{t(p.meter_id === null ? "meterNew" : "meterKnown", { prm: p.usage_point_id })}</dd>
        <dt>{t("curve")}</dt>
        <dd>{t(p.kind === "production" ? "production" : "consumption", { minutes: String(p.step_minutes) })}</dd>
        <dt>{t("range")}</dt>
        <dd>{rangeText(p.first, p.last)}</dd>
        <dt>{t("readings")}</dt>
        <dd>{t("readingsValue", { points: p.points, days: p.days, empty: p.empty_values, duplicates: p.duplicates })}</dd>
        {(p.already_held.enedis > 0 || p.already_held.imported > 0) && (
          <>
            <dt>{t("alreadyHeld")}</dt>
            <dd>
              {t("alreadyHeldValue", {
                enedis: p.already_held.enedis,
                imported: p.already_held.imported,
                both: p.already_held.enedis > 0 && p.already_held.imported > 0 ? "yes" : "no",
              })}
            </dd>
          </>
        )}
      </Box>
      {p.bad_count > 0 && (
        <Notice severity="warning" messageSx={{ width: "100%" }}>
          <NoticeTitle>{t("badTitle", { count: p.bad_count })}</NoticeTitle>
          <Box component="ul" aria-label={t("badList")} tabIndex={0} sx={{ m: 0, pl: 2.5, maxHeight: 220, overflowY: "auto", fontSize: 14 }}>
            {p.bad_lines.map((b) => (
              <li key={b.line}>
                {t("badLine", { line: String(b.line), reason: apiText(b.reason) })}
                <Box component="code" sx={{ display: "block", fontSize: 12, color: "text.secondary", overflowWrap: "anywhere" }}>
                  {b.text}
                </Box>
              </li>
            ))}
          </Box>
          {p.bad_count > p.bad_lines.length && (
            <Text variant="body2" sx={{ mt: 1 }}>
              {t("firstListed", { count: String(p.bad_lines.length) })}
            </Text>
          )}
        </Notice>
      )}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button variant="contained" onClick={onImport} disabled={busy || p.points === 0} sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
          {busy ? t("importing") : importLabel}
        </Button>
        <Button onClick={onCancel} disabled={busy} sx={{ flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
          {t("cancel")}
        </Button>
      </Box>
      {busy && <ProgressBar label={t("importingLabel")} />}
    </Box>
  );
}

/** What the import wrote, with a link to the meter in My Energy. */
export function ImportDone({ result: r, fileName }: { result: ImportResult; fileName: string }) {
  const t = useTranslations("account.energy.done");
  const rangeText = useRangeText();
  const said = [
    t("summary", { written: r.written, unchanged: r.unchanged, range: rangeText(r.first, r.last), days: r.days }),
    r.bad_count > 0 && t("skipped", { count: r.bad_count }),
    r.meter_created && t("meterAdded", { prm: r.usage_point_id }),
  ].filter(Boolean);
  return (
    <Notice severity="success" role="status">
      <NoticeTitle>
        {t("title", { name: fileName, prm: r.usage_point_id })}
      </NoticeTitle>
      <Box sx={{ overflowWrap: "anywhere" }}>
        {/* whole sentences, one after the other */}
        {said.join(" ")}{" "}
        <TextLink href={`/dashboards?meter=${r.meter_id}`}>{t("seeIt")}</TextLink>
      </Box>
    </Notice>
  );
}
