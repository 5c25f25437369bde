"use client";
import { useId, type ChangeEvent, type FocusEventHandler, type ReactNode, type Ref } from "react";
import { styled } from "@mui/material/styles";
import { FrameControl as Control, FrameHelper as Helper, FrameLabel as Label, FrameNotch, FrameRoot as Root, inputStyle, RequiredStar, type FrameFieldProps } from "./outlined-frame";

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
  autoFocus?: boolean;
  inputRef?: Ref<HTMLSelectElement>;
} & FrameFieldProps;

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
        {required && <RequiredStar />}
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
        <FrameNotch label={label} required={required} />
      </Control>
      {helperText && <Helper id={helperId}>{helperText}</Helper>}
    </Root>
  );
}

const Select = styled("select")(({ theme }) => ({
  ...inputStyle,
  minWidth: 16,
  textOverflow: "ellipsis",
  appearance: "none",
  "&&": { paddingRight: 32 },
  borderRadius: (theme.vars ?? theme).shape.borderRadius,
  "& option, & optgroup": { backgroundColor: (theme.vars ?? theme).palette.background.paper },
}));
