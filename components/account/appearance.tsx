"use client";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { useShownScheme } from "@/components/layout/color-scheme-switch";

/** My Account's appearance: the system's colour scheme, light or dark (the top bar's switch picks light or dark). */
export function AppearanceSelect() {
  const { mode, setMode } = useShownScheme();
  return (
    <NativeSelectField
      label="Appearance"
      value={mode ?? "system"}
      disabled={!mode}
      onChange={(e) => setMode(e.target.value as "system" | "light" | "dark")}
      helperText="“Same as device” follows your phone's or computer's setting."
      fullWidth
    >
      <option value="system">Same as device</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </NativeSelectField>
  );
}
