"use client";
import { useId } from "react";
import Box from "@mui/material/Box";
import FormHelperText from "@mui/material/FormHelperText";
import ToggleButton from "@mui/material/ToggleButton";
import { Text } from "@/components/ui/text";

export type ToggleOption = { value: number; /** what the button shows */ text: string; /** its accessible name, when it differs */ name?: string };

/**
 * A labelled row of toggle buttons (months, days or hours): each is a real button with
 * aria-pressed, reached with Tab and toggled with Space or Enter.
 */
export function ToggleSet({
  label,
  summary,
  options,
  selected,
  onToggle,
  disabled = false,
  error,
  flagged = [],
  columns,
}: {
  label: string;
  /** a short reading of the selection, beside the label */
  summary?: string;
  options: ToggleOption[];
  selected: readonly number[];
  onToggle: (value: number) => void;
  disabled?: boolean;
  error?: string;
  /** values to point at (the months two parts share): a red ring */
  flagged?: readonly number[];
  /** buttons per row by breakpoint */
  columns: { xs: number; sm?: number; md?: number };
}) {
  const labelId = useId();
  const errorId = useId();
  const cols = Object.fromEntries(Object.entries(columns).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]));
  return (
    <Box role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} data-invalid={error ? "" : undefined}>
      <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, mb: 0.75, flexWrap: "wrap" }}>
        <Text id={labelId} component="span" variant="subtitle2" sx={{ fontWeight: 700, color: error ? "error.main" : disabled ? "text.secondary" : "text.primary" }}>
          {label}
        </Text>
        {summary && (
          <Text component="span" variant="caption" color="textSecondary">
            {summary}
          </Text>
        )}
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: cols, gap: 0.75 }}>
        {options.map((o) => {
          const on = selected.includes(o.value);
          const flag = flagged.includes(o.value);
          return (
            <ToggleButton
              key={o.value}
              value={o.value}
              selected={on}
              disabled={disabled}
              onChange={() => onToggle(o.value)}
              aria-label={o.name}
              size="small"
              sx={{
                px: 0.5,
                py: 0.6,
                minWidth: 0,
                textTransform: "none",
                fontWeight: on ? 700 : 500,
                fontSize: "0.8rem",
                fontVariantNumeric: "tabular-nums",
                color: "text.secondary",
                borderColor: error ? "error.light" : "divider",
                borderRadius: 2,
                "&.Mui-selected, &.Mui-selected:hover": { bgcolor: "primary.main", color: "primary.contrastText", borderColor: "primary.main" },
                "&.Mui-selected.Mui-disabled": { bgcolor: "action.disabledBackground", color: "text.secondary", borderColor: "transparent" },
                "&.Mui-focusVisible": { outline: "3px solid", outlineColor: "info.main", outlineOffset: 2 },
                ...(flag && { boxShadow: (t) => `0 0 0 2px ${t.vars.palette.background.paper}, 0 0 0 4px ${t.vars.palette.error.main}` }),
              }}
            >
              {o.text}
            </ToggleButton>
          );
        })}
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
