"use client";
import { useId, type ChangeEvent, type FocusEventHandler, type ReactNode, type Ref } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";

export type NativeSelectFieldProps = {
  label: ReactNode;
  /** the select's id (the label's `for`); one of React's own when absent */
  id?: string;
  name?: string;
  value: string;
  onChange?: (e: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  /** the `<option>`s (and `<optgroup>`s) */
  children: ReactNode;
  /** under the field; announced with the select (aria-describedby) */
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  autoFocus?: boolean;
  size?: "small" | "medium";
  inputRef?: Ref<HTMLSelectElement>;
  className?: string;
  sx?: SxProps<Theme>;
};

/**
 * An outlined field holding the browser's own <select>, its label always above: it looks like
 * MUI's outlined TextField (the same sizes, notched border, label, colours from the theme's CSS
 * variables, focus, error and disabled states) without MUI's FormControl, InputLabel, InputBase,
 * OutlinedInput and NativeSelect, about 8 KiB compressed on a page with no other MUI field. The
 * list itself is the platform's: keyboard, screen readers and phones' pickers for free.
 */
export function NativeSelectField({
  label,
  id: idOverride,
  name,
  value,
  onChange,
  onBlur,
  children,
  helperText,
  error = false,
  required = false,
  disabled = false,
  fullWidth = false,
  autoFocus,
  size = "medium",
  inputRef,
  className,
  sx,
}: NativeSelectFieldProps) {
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const state = { small: size === "small", error, disabled, fullWidth };
  return (
    <Root className={className} sx={sx} state={state}>
      <Label htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </Label>
      <Control>
        <Select
          id={id}
          name={name}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          required={required}
          autoFocus={autoFocus}
          ref={inputRef}
          aria-invalid={error || undefined}
          aria-describedby={helperId}
        >
          {children}
        </Select>
        <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M7 10l5 5 5-5z" />
        </svg>
        <fieldset aria-hidden="true">
          <legend>
            <span>
              {label}
              {required && " *"}
            </span>
          </legend>
        </fieldset>
      </Control>
      {helperText && <Helper id={helperId}>{helperText}</Helper>}
    </Root>
  );
}

type State = { small: boolean; error: boolean; disabled: boolean; fullWidth: boolean };

// MUI's outlined field, rule for rule (FormControl, InputLabel shrunk, OutlinedInput with its
// NotchedOutline, NativeSelect's select and icon, FormHelperText)
const Root = styled("div", { shouldForwardProp: (p) => p !== "state" && p !== "sx" })<{ state: State }>(({ theme, state }) => {
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
    "& > p": { color: state.disabled ? v.palette.text.disabled : state.error ? v.palette.error.main : v.palette.text.secondary },
  };
});

const Label = styled("label")(({ theme }) => ({
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
  transition: theme.transitions.create("color", { duration: theme.transitions.duration.shorter, easing: theme.transitions.easing.easeOut }),
}));

const Control = styled("div")(({ theme }) => ({
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
    whiteSpace: "nowrap",
    "& > span": { paddingLeft: 5, paddingRight: 5, display: "inline-block", opacity: 0, visibility: "visible" },
  },
}));

const inputStyle = {
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

const Select = styled("select")(({ theme }) => ({
  ...inputStyle,
  minWidth: 16,
  textOverflow: "ellipsis",
  appearance: "none",
  "&&": { paddingRight: 32 },
  borderRadius: (theme.vars ?? theme).shape.borderRadius,
  "& option, & optgroup": { backgroundColor: (theme.vars ?? theme).palette.background.paper },
}));

const Input = styled("input")({ ...inputStyle, minWidth: 0 });

const Helper = styled("p")(({ theme }) => ({
  ...theme.typography.caption,
  textAlign: "left",
  margin: "3px 14px 0",
}));

/**
 * A date in the same outlined frame (the browser's own date input and picker): what MUI's
 * outlined TextField with `type="date"` and its label shrunk draws, without MUI's input stack.
 */
export function DateField({
  label,
  id: idOverride,
  value,
  onChange,
  min,
  max,
  helperText,
  error = false,
  size = "medium",
  className,
  sx,
}: { label: ReactNode; id?: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; min?: string; max?: string } & Pick<NativeSelectFieldProps, "helperText" | "error" | "size" | "className" | "sx">) {
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <Root className={className} sx={sx} state={{ small: size === "small", error, disabled: false, fullWidth: false }}>
      <Label htmlFor={id} id={`${id}-label`}>
        {label}
      </Label>
      <Control>
        <Input type="date" id={id} value={value} onChange={onChange} min={min} max={max} aria-invalid={error || undefined} aria-describedby={helperId} />
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </Control>
      {helperText && <Helper id={helperId}>{helperText}</Helper>}
    </Root>
  );
}
