"use client";
// My Energy's controls: the period (tabs, previous/next, a date), the detail, the comparison,
// chart or table, and the download of what is shown.
import { useId, useRef, useState } from "react";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { DateField } from "@/components/ui/date-field";
import { NativeSelectField } from "@/components/ui/native-select-field";
import type { Bucket, CompareKind } from "@/lib/swr/use-energy";
import { addDays, BUCKET_LABEL, daysBetween, isDay, MAX_CUSTOM_DAYS, PERIOD_KINDS, periodLabel, periodOf, shiftPeriod, type Period, type PeriodKind } from "./period";

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
      <PeriodTabs id={id} value={period.kind} onChange={chooseKind} />

      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flex: { xs: "1 1 100%", sm: "0 1 auto" }, minWidth: 0 }}>
          <IconButton aria-label="Previous period" title="Previous period" onClick={() => onPeriod(prev)} disabled={prev.from < FIRST_DAY}>
            <ChevronLeft />
          </IconButton>
          <Typography
            component="p"
            aria-live="polite"
            data-testid="period-label"
            sx={{ fontWeight: 600, fontSize: { xs: "1rem", sm: "1.1rem" }, textAlign: "center", minWidth: { sm: 220 }, flex: { xs: 1, sm: "0 1 auto" } }}
          >
            {periodLabel(period)}
          </Typography>
          <IconButton aria-label="Next period" title="Next period" onClick={() => onPeriod(next)} disabled={next.from > today}>
            <ChevronRight />
          </IconButton>
        </Box>
        {period.kind === "custom" ? (
          <CustomRange key={`${period.from}/${period.to}`} period={period} today={today} onPeriod={onPeriod} />
        ) : (
          <DateField
            size="small"
            label="Go to date"
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
            label="Detail"
            value={fine ? "30min" : "auto"}
            onChange={(v) => onFine(v === "30min")}
            options={[
              { value: "auto", text: !fine && answerBucket ? `Auto (${BUCKET_LABEL[answerBucket]})` : "Auto" },
              { value: "30min", text: "30 min" },
            ]}
          />
        )}
        {!canFine && answerBucket && (
          <Typography variant="body2" color="text.secondary">
            In {BUCKET_LABEL[answerBucket]}
          </Typography>
        )}
        <NativeSelectField
          id={`${id}-compare`}
          size="small"
          label="Compare with"
          value={compare}
          onChange={(e) => onCompare(e.target.value as CompareKind)}
          sx={{ minWidth: 210, flex: { xs: "1 1 100%", sm: "0 0 auto" } }}
        >
          <option value="none">No comparison</option>
          <option value="previous">Previous period</option>
          <option value="last_year">Same period last year</option>
        </NativeSelectField>
        <Box sx={{ ml: { sm: "auto" }, display: "flex", alignItems: "center", gap: 1 }}>
          <Segmented
            label="Show as"
            value={mode}
            onChange={onMode}
            options={[
              { value: "chart", text: "Chart" },
              { value: "table", text: "Table" },
            ]}
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            aria-label="Download the numbers shown as CSV"
            title="The numbers shown, as CSV for French Excel"
            disabled={!onDownload}
            onClick={() => onDownload?.()}
          >
            Download
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
function PeriodTabs({ id, value, onChange }: { id: string; value: PeriodKind; onChange: (k: PeriodKind) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: React.KeyboardEvent, i: number) => {
    const n = PERIOD_KINDS.length;
    const to = e.key === "ArrowRight" ? (i + 1) % n : e.key === "ArrowLeft" ? (i + n - 1) % n : e.key === "Home" ? 0 : e.key === "End" ? n - 1 : null;
    if (to === null) return;
    e.preventDefault();
    refs.current[to]?.focus();
  };
  return (
    <Box role="tablist" aria-label="Period" sx={{ display: "flex", borderBottom: 1, borderColor: "divider", maxWidth: 560 }}>
      {PERIOD_KINDS.map(({ kind, label }, i) => {
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
            {label}
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
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(addDays(period.to, -1));
  const problem =
    !isDay(from) || !isDay(to)
      ? "Enter both days"
      : from < FIRST_DAY
        ? "Choose a day from 2000 on"
        : from > to
          ? "The first day must come before the last"
          : to > today
            ? "The last day cannot be in the future"
            : daysBetween(from, to) + 1 > MAX_CUSTOM_DAYS
              ? "Choose at most 10 years"
              : null;
  const apply = (f: string, t: string) => {
    setFrom(f);
    setTo(t);
    if (isDay(f) && isDay(t) && f >= FIRST_DAY && f <= t && t <= today && daysBetween(f, t) + 1 <= MAX_CUSTOM_DAYS) onPeriod(periodOf("custom", f, { from: f, to: addDays(t, 1) }));
  };
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start", flex: { xs: "1 1 100%", sm: "0 1 auto" } }}>
      <DateField
        size="small"
        label="From"
        value={from}
        onChange={(e) => apply(e.target.value, to)}
        min={FIRST_DAY}
        max={today}
        sx={{ flex: { xs: 1, sm: "0 0 170px" } }}
      />
      <DateField
        size="small"
        label="To"
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
