"use client";
import { useId, type ChangeEvent, type FocusEventHandler, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { styled } from "@mui/material/styles";
import { FrameControl as Control, FrameHelper as Helper, FrameLabel as Label, FrameNotch, FrameRoot, inputStyle, RequiredStar, type FrameFieldProps, type FrameState } from "./outlined-frame";

export type TextFieldProps = {
  label?: ReactNode;
  /** the input's id (the label's `for`); one of React's own when absent */
  id?: string;
  name?: string;
  type?: string;
  value?: string | number;
  defaultValue?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  slotProps?: {
    /** more attributes of the <input> (min, max, step, inputMode, maxLength, list, data-*...) */
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & { [data: `data-${string}`]: string | undefined };
    input?: { readOnly?: boolean; endAdornment?: ReactNode };
  };
} & FrameFieldProps;

/**
 * An outlined text field: what MUI's outlined TextField draws (the same sizes, notched border,
 * floating label, colours from the theme's CSS variables, focus, error, disabled and autofill),
 * in the outlined frame our select and date fields share (outlined-frame.tsx), without MUI's
 * FormControl, InputLabel, OutlinedInput, InputBase and FormHelperText: about 6 KiB compressed on
 * every page with a form. The label rests in the empty field and moves to the border when the
 * field has the focus or a value (typed, or filled in by the browser): CSS decides it, from the
 * input itself, so the page's HTML shows it right before any script runs.
 */
export function TextField({
  label,
  id: idOverride,
  name,
  type,
  value,
  defaultValue,
  onChange,
  onBlur,
  onFocus,
  autoComplete,
  autoFocus,
  placeholder,
  helperText,
  error = false,
  required = false,
  disabled = false,
  fullWidth = false,
  size = "medium",
  inputRef,
  className,
  sx,
  slotProps = {},
}: TextFieldProps) {
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== "";
  const end = slotProps.input?.endAdornment;
  const state = { small: size === "small", error, disabled, fullWidth };
  return (
    <Root className={className} sx={sx} state={state} floating={hasLabel}>
      {hasLabel && (
        <Label htmlFor={id} id={`${id}-label`}>
          {label}
          {required && <RequiredStar />}
        </Label>
      )}
      <Control sx={end ? { pr: "14px" } : undefined}>
        <Input
          {...slotProps.htmlInput}
          id={id}
          name={name}
          type={type}
          value={value}
          defaultValue={defaultValue}
          onChange={onChange}
          onBlur={onBlur}
          onFocus={onFocus}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          // a placeholder, if only a space, tells CSS whether the field is empty (:placeholder-shown)
          placeholder={placeholder ?? " "}
          required={required}
          disabled={disabled}
          readOnly={slotProps.input?.readOnly}
          ref={inputRef}
          aria-invalid={error || undefined}
          aria-describedby={helperId}
          style={end ? { paddingRight: 0 } : undefined}
        />
        {end}
        {/* without a label, the notch stays closed (Root) */}
        <FrameNotch label={label} required={required} />
      </Control>
      {helperText && <Helper id={helperId}>{helperText}</Helper>}
    </Root>
  );
}

const Root = styled(FrameRoot, { shouldForwardProp: (p) => p !== "floating" && p !== "state" && p !== "sx" })<{ state: FrameState; floating: boolean }>(({ theme, state, floating }) => ({
  "& input": { cursor: state.disabled ? "default" : "text" },
  // no label: no notch (more specific than the frame's own rule for the legend)
  ...(!floating && { "& > div > fieldset > legend": { maxWidth: "0.01px" } }),
  ...(floating && {
    // empty and without the focus: the label rests in the field, the border has no notch, a
    // placeholder waits for the focus (MUI's InputLabel unshrunk, NotchedOutline not notched)
    "&:not(:focus-within):has(input:placeholder-shown:not(:-webkit-autofill))": {
      "& > label": {
        transform: state.small ? "translate(14px, 9px) scale(1)" : "translate(14px, 16px) scale(1)",
        maxWidth: "calc(100% - 24px)",
        pointerEvents: "none",
      },
      "& legend": { maxWidth: "0.01px", transition: theme.transitions.create("max-width", { duration: 50, easing: theme.transitions.easing.easeOut }) },
      "& input::placeholder": { opacity: 0 },
    },
  }),
}));

const Input = styled("input")(({ theme }) => {
  const v = theme.vars ?? theme;
  return {
    ...inputStyle,
    minWidth: 0,
    borderRadius: "inherit",
    "&::placeholder": {
      color: "currentColor",
      opacity: theme.vars ? theme.vars.opacity.inputPlaceholder : theme.palette.mode === "light" ? 0.42 : 0.5,
      transition: theme.transitions.create("opacity", { duration: theme.transitions.duration.shorter }),
    },
    "&:disabled": { opacity: 1, WebkitTextFillColor: v.palette.text.disabled },
    // the browser's own fill of a saved address or password, in the colours of a dark page too
    "&:-webkit-autofill": {
      borderRadius: "inherit",
      ...(theme.vars
        ? { WebkitBoxShadow: theme.vars.palette.Input.autofillWebkitBoxShadow, ...theme.applyStyles("dark", { WebkitTextFillColor: "#fff", caretColor: "#fff" }) }
        : theme.palette.mode === "dark" && { WebkitBoxShadow: "0 0 0 100px #266798 inset", WebkitTextFillColor: "#fff", caretColor: "#fff" }),
    },
  };
});
