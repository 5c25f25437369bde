"use client";
// The outlined frame the light fields share (components/ui/native-select-field.tsx, date-field.tsx
// and text-field.tsx): MUI's outlined field, rule for rule, without MUI's input stack. Each field
// imports only this and its own control, so a page with a select carries no date input and back.
import type { ReactNode } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";

export type FrameState = { small: boolean; error: boolean; disabled: boolean; fullWidth: boolean };

/** What every field in the frame takes besides its control's own props. */
export type FrameFieldProps = {
  /** under the field; announced with the control (aria-describedby) */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: "small" | "medium";
  className?: string;
  sx?: SxProps<Theme>;
};

// MUI's outlined field, rule for rule (FormControl, InputLabel shrunk, OutlinedInput with its
// NotchedOutline, NativeSelect's select and icon, FormHelperText)
export const FrameRoot = styled("div", { shouldForwardProp: (p) => p !== "state" && p !== "sx" })<{ state: FrameState }>(({ theme, state }) => {
  const v = theme.vars ?? theme;
  const border = theme.vars ? `rgba(${theme.vars.palette.common.onBackgroundChannel} / 0.23)` : theme.palette.mode === "light" ? "rgba(0, 0, 0, 0.23)" : "rgba(255, 255, 255, 0.23)";
  const accent = state.error ? v.palette.error.main : v.palette.primary.main;
  return {
    display: "inline-flex",
    flexDirection: "column",
    position: "relative",
    minWidth: 0,
    margin: 0,
    padding: 0,
    border: 0,
    verticalAlign: "top",
    width: state.fullWidth ? "100%" : undefined,
    "& > label": {
      color: state.disabled ? v.palette.text.disabled : state.error ? v.palette.error.main : v.palette.text.secondary,
    },
    "&:focus-within > label": { color: state.disabled ? undefined : accent },
    "& select, & input": {
      padding: state.small ? "8.5px 14px" : "16.5px 14px",
      color: state.disabled ? v.palette.text.disabled : v.palette.text.primary,
      cursor: state.disabled ? "default" : "pointer",
    },
    "& svg": { color: state.disabled ? v.palette.action.disabled : v.palette.action.active },
    "& fieldset": { borderColor: state.disabled ? v.palette.action.disabled : state.error ? v.palette.error.main : border },
    ...(!state.disabled && {
      "& > div:hover fieldset": { borderColor: state.error ? v.palette.error.main : v.palette.text.primary },
      "@media (hover: none)": { "& > div:hover fieldset": { borderColor: state.error ? v.palette.error.main : border } },
      "& select:focus ~ fieldset, & input:focus ~ fieldset": { borderColor: accent, borderWidth: 2 },
    }),
    // the helper stays readable on a disabled field: it often says why it is disabled
    "& > p": { color: state.error ? v.palette.error.main : v.palette.text.secondary },
  };
});

export const FrameLabel = styled("label")(({ theme }) => ({
  ...theme.typography.body1,
  lineHeight: "1.4375em",
  padding: 0,
  display: "block",
  position: "absolute",
  left: 0,
  top: 0,
  zIndex: 1,
  transform: "translate(14px, -9px) scale(0.75)",
  transformOrigin: "top left",
  maxWidth: "calc(133% - 32px)",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  userSelect: "none",
  // a text field's label moves between the field and its border (text-field.tsx)
  transition: theme.transitions.create(["color", "transform", "max-width"], { duration: theme.transitions.duration.shorter, easing: theme.transitions.easing.easeOut }),
}));

export const FrameControl = styled("div")(({ theme }) => ({
  ...theme.typography.body1,
  lineHeight: "1.4375em",
  position: "relative",
  display: "flex",
  alignItems: "center",
  boxSizing: "border-box",
  borderRadius: (theme.vars ?? theme).shape.borderRadius,
  "& > svg": {
    position: "absolute",
    right: 7,
    top: "calc(50% - .5em)",
    width: "1em",
    height: "1em",
    fontSize: "1.5rem",
    fill: "currentColor",
    pointerEvents: "none",
    userSelect: "none",
  },
  "& > fieldset": {
    textAlign: "left",
    position: "absolute",
    inset: "-5px 0 0 0",
    margin: 0,
    padding: "0 8px",
    pointerEvents: "none",
    borderRadius: "inherit",
    borderStyle: "solid",
    borderWidth: 1,
    overflow: "hidden",
    minWidth: "0%",
  },
  "& > fieldset > legend": {
    float: "unset",
    width: "auto",
    overflow: "hidden",
    display: "block",
    padding: 0,
    height: 11,
    fontSize: "0.75em",
    visibility: "hidden",
    maxWidth: "100%",
    transition: theme.transitions.create("max-width", { duration: 100, easing: theme.transitions.easing.easeOut, delay: 50 }),
    whiteSpace: "nowrap",
    "& > span": { paddingLeft: 5, paddingRight: 5, display: "inline-block", opacity: 0, visibility: "visible" },
  },
}));

export const inputStyle = {
  font: "inherit",
  letterSpacing: "inherit",
  border: 0,
  boxSizing: "content-box",
  background: "none",
  height: "1.4375em",
  margin: 0,
  display: "block",
  width: "100%",
  WebkitTapHighlightColor: "transparent",
  "&:focus": { outline: 0 },
} as const;

export const FrameHelper = styled("p")(({ theme }) => ({
  ...theme.typography.caption,
  textAlign: "left",
  margin: "3px 14px 0",
  // a long e-mail address in a helper breaks rather than widens the page
  overflowWrap: "anywhere",
}));

/** MUI's required star, after a thin space: in the label (left out of its accessible name) and the notch. */
const STAR = "\u2009*";

export const RequiredStar = () => <span aria-hidden="true">{STAR}</span>;

/**
 * The border, drawn by a fieldset, with its notch: a hidden legend as wide as the label (and its
 * star), so that the border does not move when the field takes the focus.
 */
export function FrameNotch({ label, required = false }: { label?: ReactNode; required?: boolean }) {
  return (
    <fieldset aria-hidden="true">
      <legend>
        <span>
          {label}
          {required && STAR}
        </span>
      </legend>
    </fieldset>
  );
}
