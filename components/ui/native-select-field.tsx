"use client";
import FormControl, { type FormControlProps } from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import NativeSelect from "@mui/material/NativeSelect";
import OutlinedInput from "@mui/material/OutlinedInput";

/**
 * An outlined field holding the browser's own <select>, its label always above: what MUI's
 * `<TextField select slotProps={{ select: { native: true } }}>` draws, without the Select (and
 * the Menu, Popover and Modal it imports for its non-native mode).
 */
export function NativeSelectField({
  label,
  id,
  value,
  onChange,
  children,
  ...other
}: {
  label: string;
  id: string;
  value: string;
  onChange: (e: React.ChangeEvent<HTMLSelectElement>) => void;
  children: React.ReactNode;
} & Pick<FormControlProps, "size" | "sx" | "disabled">) {
  return (
    <FormControl {...other} className="MuiTextField-root" variant="outlined">
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={onChange} input={<OutlinedInput label={label} notched />}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}
