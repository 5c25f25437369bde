import MenuItem from "@mui/material/MenuItem";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/**
 * A select of one of the contract's codes (device type, phase, country...): each choice shown by
 * `labelOf` (the code itself by default), after an optional empty first choice named `empty`.
 */
export function EnumSelect<T extends string>({
  options,
  labelOf = (value) => value,
  empty,
  ...props
}: { options: readonly T[]; labelOf?: (value: T) => React.ReactNode; empty?: string } & Omit<TextFieldProps, "select" | "children">) {
  const items = options.map((o) => (
    <MenuItem key={o} value={o}>
      {labelOf(o)}
    </MenuItem>
  ));
  if (empty !== undefined) {
    items.unshift(
      <MenuItem key="" value="">
        <em>{empty}</em>
      </MenuItem>,
    );
  }
  return (
    <TextField select {...props}>
      {items}
    </TextField>
  );
}
