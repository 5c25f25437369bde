"use client";
import { useId } from "react";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { DAY_NAMES, DAYS, hourLabel, HOURS, MONTH_NAMES, MONTHS, POWER_MAX, POWER_MIN, POWER_STEP, toggle } from "@/lib/schedules/rules";
import { daysText, hoursText, monthsText } from "./schedule-text";
import { fieldKey, type DraftErrors, type DraftTarget, type PartDraft } from "./schedule-draft";
import { ToggleSet, type ToggleOption } from "./toggle-set";

const MONTH_OPTIONS: ToggleOption[] = MONTHS.map((m) => ({ value: m, text: MONTH_NAMES[m - 1].slice(0, 3), name: MONTH_NAMES[m - 1] }));
const DAY_OPTIONS: ToggleOption[] = DAYS.map((d) => ({ value: d, text: DAY_NAMES[d].slice(0, 3), name: DAY_NAMES[d] }));
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
  const powerId = useId();
  const powerError = errors[fieldKey(target, "average_power")];
  return (
    <Stack spacing={2.25}>
      <TextField
        id={powerId}
        label="Average power (W)"
        type="number"
        value={part.average_power}
        onChange={(e) => onChange({ average_power: e.target.value })}
        disabled={disabled}
        error={Boolean(powerError)}
        helperText={
          powerError ??
          (target === "main"
            ? `From ${POWER_MIN} to ${POWER_MAX} W; the arrows step by ${POWER_STEP}`
            : // the split gives the second part the schedule's power plus 1 W (e.g. 501): any whole number of watts is fine
              `From ${POWER_MIN} to ${POWER_MAX} W, any whole number; a split part starts at the schedule's power${target > 0 ? " plus 1 W" : ""}`)
        }
        // the arrows step by 50 from 0 (with min 1 they would step 1, 51, 101...); the schema asks for 1 at least
        slotProps={{ htmlInput: { min: 0, max: POWER_MAX, step: POWER_STEP, inputMode: "numeric", "data-invalid": powerError ? "" : undefined } }}
        sx={{ maxWidth: { sm: 260 } }}
      />
      <ToggleSet
        label="Months"
        summary={monthsText(part.months)}
        options={MONTH_OPTIONS}
        selected={part.months}
        onToggle={(m) => onChange({ months: toggle(part.months, m) })}
        disabled={disabled}
        flagged={flaggedMonths}
        error={errors[fieldKey(target, "months")]}
        columns={{ xs: 6, sm: 12 }}
      />
      <ToggleSet
        label="Days"
        summary={daysText(part.days)}
        options={DAY_OPTIONS}
        selected={part.days}
        onToggle={(d) => onChange({ days: toggle(part.days, d) })}
        disabled={disabled}
        error={errors[fieldKey(target, "days")]}
        columns={{ xs: 7 }}
      />
      <ToggleSet
        label="Hours"
        summary={hoursText(part.hours)}
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
