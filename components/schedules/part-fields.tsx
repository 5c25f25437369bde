"use client";
import { useId, useMemo } from "react";
import { useTranslations } from "use-intl";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { DAYS, hourLabel, HOURS, MONTHS, POWER_MAX, POWER_MIN, POWER_STEP, toggle } from "@/lib/schedules/rules";
import type { Locale } from "@/lib/shared/locale.mjs";
import { boundText, dayName, daysText, hoursText, monthName, monthsText } from "./schedule-text";
import { fieldKey, type DraftErrors, type DraftTarget, type PartDraft } from "./schedule-draft";
import { ToggleSet, type ToggleOption } from "./toggle-set";
import { useScheduleWords } from "./use-schedule-words";

const monthOptions = (locale: Locale): ToggleOption[] => MONTHS.map((m) => ({ value: m, text: monthName(m, locale, "short"), name: monthName(m, locale) }));
const dayOptions = (locale: Locale): ToggleOption[] => DAYS.map((d) => ({ value: d, text: dayName(d, locale, "short"), name: dayName(d, locale) }));
const HOUR_OPTIONS: ToggleOption[] = HOURS.map((h) => ({ value: h, text: hourLabel(h) }));

/** The average power, months, days and hours of the main schedule or of one split part. */
export function PartFields({
  part,
  target,
  errors,
  disabled = false,
  flaggedMonths,
  onChange,
}: {
  part: PartDraft;
  target: DraftTarget;
  errors: DraftErrors;
  disabled?: boolean;
  /** the months this part shares with the other one */
  flaggedMonths?: readonly number[];
  onChange: (patch: Partial<PartDraft>) => void;
}) {
  const t = useTranslations("schedules.fields");
  const words = useScheduleWords();
  const { locale } = words;
  const [months, days] = useMemo(() => [monthOptions(locale), dayOptions(locale)], [locale]);
  const powerId = useId();
  const powerError = errors[fieldKey(target, "average_power")];
  const bounds = { min: boundText(POWER_MIN, locale), max: boundText(POWER_MAX, locale) };
  return (
    <Stack spacing={2.25}>
      <TextField
        id={powerId}
        label={t("power")}
        type="number"
        value={part.average_power}
        onChange={(e) => onChange({ average_power: e.target.value })}
        disabled={disabled}
        error={Boolean(powerError)}
        helperText={
          powerError ??
          (target === "main"
            ? t("powerHelpMain", { ...bounds, step: String(POWER_STEP) })
            : // the split gives the second part the schedule's power plus 1 W (e.g. 501): any whole number of watts is fine
              t(target > 0 ? "powerHelpPartPlus" : "powerHelpPart", bounds))
        }
        // the arrows step by 50 from 0 (with min 1 they would step 1, 51, 101...); the schema asks for 1 at least
        slotProps={{ htmlInput: { min: 0, max: POWER_MAX, step: POWER_STEP, inputMode: "numeric", "data-invalid": powerError ? "" : undefined } }}
        sx={{ maxWidth: { sm: 260 } }}
      />
      <ToggleSet
        label={t("months")}
        summary={monthsText(part.months, words)}
        options={months}
        selected={part.months}
        onToggle={(m) => onChange({ months: toggle(part.months, m) })}
        disabled={disabled}
        flagged={flaggedMonths}
        error={errors[fieldKey(target, "months")]}
        columns={{ xs: 6, sm: 12 }}
      />
      <ToggleSet
        label={t("days")}
        summary={daysText(part.days, words)}
        options={days}
        selected={part.days}
        onToggle={(d) => onChange({ days: toggle(part.days, d) })}
        disabled={disabled}
        error={errors[fieldKey(target, "days")]}
        columns={{ xs: 7 }}
      />
      <ToggleSet
        label={t("hours")}
        summary={hoursText(part.hours, words)}
        options={HOUR_OPTIONS}
        selected={part.hours}
        onToggle={(h) => onChange({ hours: toggle(part.hours, h) })}
        disabled={disabled}
        error={errors[fieldKey(target, "hours")]}
        columns={{ xs: 6, sm: 8 }}
      />
    </Stack>
  );
}
