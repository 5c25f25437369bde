"use client";
import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslations } from "use-intl";
import { JsonBlock } from "./json-block";
import { sampleErrorText } from "./vendor-text";

/**
 * The vendor's answer as it came (the specification's JSON), one click away behind a "Show raw
 * data" toggle; `label` names the JSON block once shown.
 */
export function RawData({ value, label, tone }: { value: unknown; label: string; tone?: "default" | "error" }) {
  const t = useTranslations("integrations.samples");
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 1 }}>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? t("hideRaw") : t("showRaw")}
      </Button>
      <Box id={id} hidden={!open} sx={{ alignSelf: "stretch" }}>
        {open && <JsonBlock value={value} label={label} tone={tone} />}
      </Box>
    </Box>
  );
}

/** A sample that failed: what it means in a sentence, the answer as it came behind the toggle. */
function SampleFailure({ sentence, body, label }: { sentence: string; body: unknown; label: string }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1, p: 2, border: 1, borderColor: "error.main", borderLeftWidth: 4, borderRadius: 2 }}>
      <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
        {sentence}
      </Box>
      <RawData value={body} label={label} tone="error" />
    </Box>
  );
}

/** A vendor's sample that failed, its sentence said from the answer (vendor-text's sampleErrorText). */
export function VendorSampleFailure({ vendor, kind, body, label }: { vendor: Parameters<typeof sampleErrorText>[2]; kind?: "consumption" | "production"; body: unknown; label: string }) {
  const tv = useTranslations("integrations.vendor");
  return <SampleFailure sentence={sampleErrorText(tv, body, vendor, kind)} body={body} label={label} />;
}
