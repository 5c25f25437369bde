"use client";
// My Energy's controls: the period (tabs, previous/next, a date), the detail, the comparison,
// chart or table, and the download of what is shown.
import { useId, useRef, useState } from "react";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { useLocale, useTranslations } from "use-intl";
import { DateField } from "@/components/ui/date-field";
import { NativeSelectField } from "@/components/ui/native-select-field";
import type { Bucket, CompareKind } from "@/lib/swr/use-energy";
import { daysBetween, isDay, MAX_CUSTOM_DAYS, PERIOD_KINDS, periodLabel, periodOf, shiftPeriod, type Period, type PeriodKind } from "./period";
import { addDays } from "./format";

export type ViewMode = "chart" | "table";

const FIRST_DAY = "2000-01-01";

type Props = {
  period: Period;
  onPeriod: (p: Period) => void;
  today: string;
  /** 30-minute points for a day or a week */
  fine: boolean;
  onFine: (fine: boolean) => void;
  /** the bucket of the answer shown (what "auto" chose) */
  answerBucket: Bucket | null;
  compare: CompareKind;
  onCompare: (c: CompareKind) => void;
  mode: ViewMode;
  onMode: (m: ViewMode) => void;
  /** saves the period shown as CSV; null while there is nothing to save (loading, no readings) */
  onDownload: (() => void) | null;
};

export function EnergyControls({ period, onPeriod, today, fine, onFine, answerBucket, compare, onCompare, mode, onMode, onDownload }: Props) {
  const t = useTranslations("energy");
  const locale = useLocale();
  const id = useId();
  const prev = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);
  const canFine = period.kind === "day" || period.kind === "week";

  const chooseKind = (kind: PeriodKind) => {
    if (kind === period.kind) return;
    onPeriod(kind === "custom" ? periodOf("custom", period.from, { from: period.from, to: period.to }) : periodOf(kind, period.kind === "custom" ? addDays(period.to, -1) : period.anchor));
  };

  return (
    <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 1.5 }}>
      <PeriodTabs id={id} label={t("controls.period")} labelOf={(k) => t(`kinds.${k}`)} value={period.kind} onChange={chooseKind} />

      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flex: { xs: "1 1 100%", sm: "0 1 auto" }, minWidth: 0 }}>
          <IconButton aria-label={t("controls.previous")} title={t("controls.previous")} onClick={() => onPeriod(prev)} disabled={prev.from < FIRST_DAY}>
            <ChevronLeft />
          </IconButton>
          <Text
            component="p"
            aria-live="polite"
            data-testid="period-label"
            sx={{ fontWeight: 600, fontSize: { xs: "1rem", sm: "1.1rem" }, textAlign: "center", minWidth: { sm: 220 }, flex: { xs: 1, sm: "0 1 auto" } }}
          >
            {periodLabel(period, locale)}
          </Text>
          <IconButton aria-label={t("controls.next")} title={t("controls.next")} onClick={() => onPeriod(next)} disabled={next.from > today}>
            <ChevronRight />
          </IconButton>
        </Box>
        {period.kind === "custom" ? (
          <CustomRange key={`${period.from}/${period.to}`} period={period} today={today} onPeriod={onPeriod} />
        ) : (
          <DateField
            size="small"
            label={t("controls.goTo")}
            value={period.anchor}
            onChange={(e) => isDay(e.target.value) && e.target.value >= FIRST_DAY && e.target.value <= today && onPeriod(periodOf(period.kind, e.target.value))}
            min={FIRST_DAY}
            max={today}
            sx={{ width: { xs: "100%", sm: 180 } }}
          />
        )}
      </Box>

      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        {canFine && (
          <Segmented
            label={t("controls.detail")}
            value={fine ? "30min" : "auto"}
            onChange={(v) => onFine(v === "30min")}
            options={[
              { value: "auto", text: !fine && answerBucket ? t(`controls.autoBucket.${answerBucket}`) : t("controls.auto") },
              { value: "30min", text: t("controls.fine") },
            ]}
          />
        )}
        {!canFine && answerBucket && (
          <Text variant="body2" color="textSecondary">
            {t(`controls.inBucket.${answerBucket}`)}
          </Text>
        )}
        <NativeSelectField
          id={`${id}-compare`}
          size="small"
          label={t("controls.compareWith")}
          value={compare}
          onChange={(e) => onCompare(e.target.value as CompareKind)}
          sx={{ minWidth: 210, flex: { xs: "1 1 100%", sm: "0 0 auto" } }}
        >
          <option value="none">{t("compare.none")}</option>
          <option value="previous">{t("compare.previous")}</option>
          <option value="last_year">{t("compare.last_year")}</option>
        </NativeSelectField>
        <Box sx={{ ml: { sm: "auto" }, display: "flex", alignItems: "center", gap: 1 }}>
          <Segmented
            label={t("controls.showAs")}
            value={mode}
            onChange={onMode}
            options={[
              { value: "chart", text: t("controls.chart") },
              { value: "table", text: t("controls.table") },
            ]}
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            aria-label={t("controls.downloadLabel")}
            title={t("controls.downloadTitle")}
            disabled={!onDownload}
            onClick={() => onDownload?.()}
          >
            {t("controls.download")}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The period's kind as tabs (the WAI-ARIA tabs pattern: arrows, Home and End move the focus,
 * Enter or Space chooses). MUI's Tabs would add about 8 kB gzip to this page for the same.
 */
function PeriodTabs({ id, label, labelOf, value, onChange }: { id: string; label: string; labelOf: (k: PeriodKind) => string; value: PeriodKind; onChange: (k: PeriodKind) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: React.KeyboardEvent, i: number) => {
    const n = PERIOD_KINDS.length;
    const to = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : null;
    if (to === null) return;
    e.preventDefault();
    refs.current[to]?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} sx={{ display: "flex", borderBottom: 1, borderColor: "divider", maxWidth: 560 }}>
      {PERIOD_KINDS.map((kind, i) => {
        const on = kind === value;
        return (
          <ButtonBase
            key={kind}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={`${id}-tab-${kind}`}
            role="tab"
            aria-selected={on}
            tabIndex={on ? 0 : -1}
            onClick={() => onChange(kind)}
            onKeyDown={(e) => onKey(e, i)}
            sx={(t) => ({
              ...t.typography.button,
              textTransform: "none",
              fontWeight: 600,
              flex: "1 1 0",
              minWidth: 0,
              minHeight: 40,
              px: 1,
              mb: "-1px",
              color: on ? "primary.main" : "text.secondary",
              borderBottom: 2,
              borderColor: on ? "primary.main" : "transparent",
              transition: t.transitions.create(["color", "border-color"], { duration: t.transitions.duration.shorter }),
              "&:hover": { color: on ? "primary.main" : "text.primary" },
              "&.Mui-focusVisible": { bgcolor: "action.focus" },
            })}
          >
            {labelOf(kind)}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/**
 * A choice of two or three, as pressed buttons in a group (MUI's ToggleButton and Tooltip would
 * add about 19 kB gzip to this page for the same).
 */
function Segmented<V extends string>({ label, value, onChange, options }: { label: string; value: V; onChange: (v: V) => void; options: { value: V; text: string }[] }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: "inline-flex", border: 1, borderColor: "divider", borderRadius: 2, p: 0.25, gap: 0.25, bgcolor: "background.paper" }}>
      {options.map((o) => {
        const on = o.value === value;
        return (
          <Button
            key={o.value}
            size="small"
            aria-pressed={on}
            onClick={() => !on && onChange(o.value)}
            variant={on ? "contained" : "text"}
            color={on ? "primary" : "inherit"}
            sx={{ px: 1.5, py: 0.25, minWidth: 0, borderRadius: 1.5, fontWeight: on ? 600 : 500, color: on ? undefined : "text.secondary" }}
          >
            {o.text}
          </Button>
        );
      })}
    </Box>
  );
}

/** From and to (both inclusive here; the API's `to` is the day after). */
function CustomRange({ period, today, onPeriod }: { period: Period; today: string; onPeriod: (p: Period) => void }) {
  const t = useTranslations("energy");
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(addDays(period.to, -1));
  const problem =
    !isDay(from) || !isDay(to)
      ? t("controls.bothDays")
      : from < FIRST_DAY
        ? t("controls.from2000")
        : from > to
          ? t("controls.firstBeforeLast")
          : to > today
            ? t("controls.noFuture")
            : daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS
              ? t("controls.tenYears")
              : null;
  const apply = (f: string, l: string) => {
    setFrom(f);
    setTo(l);
    if (isDay(f) && isDay(l) && f >= FIRST_DAY && f <= l && l <= today && daysBetween(f, l) + 1 <= MAX_CUSTOM_DAYS) onPeriod(periodOf("custom", f, { from: f, to: addDays(l, 1) }));
  };
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start", flex: { xs: "1 1 100%", sm: "0 1 auto" } }}>
      <DateField
        size="small"
        label={t("controls.from")}
        value={from}
        onChange={(e) => apply(e.target.value, to)}
        min={FIRST_DAY}
        max={today}
        sx={{ flex: { xs: 1, sm: "0 0 170px" } }}
      />
      <DateField
        size="small"
        label={t("controls.to")}
        value={to}
        onChange={(e) => apply(from, e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? " "}
        min={FIRST_DAY}
        max={today}
        sx={{ flex: { xs: 1, sm: "0 0 170px" } }}
      />
    </Box>
  );
}
