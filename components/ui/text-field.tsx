"use client";
import { useId } from "react";
import FormControl, { type FormControlProps } from "@mui/material/FormControl";
import FormHelperText, { type FormHelperTextProps } from "@mui/material/FormHelperText";
import InputLabel, { type InputLabelProps } from "@mui/material/InputLabel";
import OutlinedInput, { type OutlinedInputProps } from "@mui/material/OutlinedInput";

export type TextFieldProps = Omit<FormControlProps, "onChange" | "onBlur" | "onFocus" | "defaultValue" | "variant" | "children"> &
  Pick<OutlinedInputProps, "autoComplete" | "defaultValue" | "inputRef" | "multiline" | "rows" | "minRows" | "maxRows" | "name" | "onBlur" | "onChange" | "onFocus" | "placeholder" | "type" | "value"> & {
    autoFocus?: boolean;
    helperText?: React.ReactNode;
    label?: React.ReactNode;
    slotProps?: {
      input?: Partial<OutlinedInputProps>;
      htmlInput?: OutlinedInputProps["inputProps"];
      inputLabel?: Partial<InputLabelProps>;
      formHelperText?: Partial<FormHelperTextProps>;
    };
  };

/**
 * MUI's outlined TextField for text (no `select`), built as MUI builds it (FormControl, InputLabel,
 * OutlinedInput, FormHelperText; the same ids, classes and props). MUI's own imports Select and,
 * through it, the Menu, the Popover and the Modal, all of them for its `select` mode: about 20 KiB
 * compressed on a page whose fields are all text. Selects keep MUI's TextField (EnumSelect).
 */
export function TextField({
  autoComplete,
  autoFocus = false,
  className,
  color = "primary",
  defaultValue,
  disabled = false,
  error = false,
  fullWidth = false,
  helperText,
  id: idOverride,
  inputRef,
  label,
  maxRows,
  minRows,
  multiline = false,
  name,
  onBlur,
  onChange,
  onFocus,
  placeholder,
  required = false,
  rows,
  slotProps = {},
  type,
  value,
  ...other
}: TextFieldProps) {
  const reactId = useId();
  const id = idOverride ?? reactId;
  const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
  const inputLabelId = label && id ? `${id}-label` : undefined;
  const labelProps = slotProps.inputLabel ?? {};
  return (
    <FormControl
      {...other}
      className={className ? `MuiTextField-root ${className}` : "MuiTextField-root"}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
    >
      {label != null && label !== "" && (
        <InputLabel htmlFor={id} id={inputLabelId} {...labelProps}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput}
        label={label}
        {...(labelProps.shrink !== undefined && { notched: labelProps.shrink })}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
