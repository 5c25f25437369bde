import { NativeSelectField, type NativeSelectFieldProps } from "@/components/ui/native-select-field";

/**
 * A select of one of the contract's codes (device type, phase, country...): each choice shown by
 * `labelOf` (the code itself by default), after an optional empty first choice named `empty`.
 * A value that is not one of `options` (and not the empty one) shows as the first choice.
 */
export function EnumSelect<T extends string>({
  options,
  labelOf = (value) => value,
  empty,
  ...props
}: { options: readonly T[]; labelOf?: (value: T) => string; empty?: string } & Omit<NativeSelectFieldProps, "children">) {
  return (
    <NativeSelectField {...props}>
      {empty !== undefined ? <option value="">{empty}</option> : props.value === "" && <option value="" disabled hidden />}
      {options.map((o) => (
        <option key={o} value={o}>
          {labelOf(o)}
        </option>
      ))}
    </NativeSelectField>
  );
}
