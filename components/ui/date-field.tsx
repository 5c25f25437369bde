"use client";
import { useId, type ChangeEvent, type ReactNode } from "react";
import { styled } from "@mui/material/styles";
import { FrameControl as Control, FrameHelper as Helper, FrameLabel as Label, FrameNotch, FrameRoot as Root, inputStyle, type FrameFieldProps } from "./outlined-frame";

const Input = styled("input")({ ...inputStyle, minWidth: 0 });

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
}: { label: ReactNode; id?: string; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; min?: string; max?: string } & Pick<FrameFieldProps, "helperText" | "error" | "size" | "className" | "sx">) {
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
        <FrameNotch label={label} />
      </Control>
      {helperText && <Helper id={helperId}>{helperText}</Helper>}
    </Root>
  );
}
