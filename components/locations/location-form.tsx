"use client";
import { useCallback } from "react";
import { countryLabel } from "@/components/ui/labels";
import { useLocale, useTranslations } from "use-intl";
import { NextLink as Link } from "@/components/ui/next-link";
import { useRouter } from "next/navigation";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { send } from "@/lib/swr/fetcher";
import { locationUrl, revalidateLocations, type LocationView } from "@/lib/swr/use-locations";
import { COUNTRIES } from "@/lib/enums";
import { EnumSelect } from "@/components/ui/enum-select";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { useToast } from "@/components/ui/toast-provider";
import { asTextForm, useZodForm } from "@/components/ui/use-zod-form";
import { countryOf } from "@/lib/geo/country-bounds";
import { UseMyLocation } from "./use-my-location";
import { coordinateText } from "./coordinate";

type Values = { name: string; country: string; lat: string; lon: string };

/**
 * Add Location and Edit Location: name, country, latitude and longitude (0 until set, as the
 * specification says, but not saved so), typed or taken from the browser; back to /locations/ on save.
 */
export function LocationForm({ location }: { location?: LocationView }) {
  const t = useTranslations("locations");
  const tcommon = useTranslations("common");
  const locale = useLocale();
  const router = useRouter();
  const toast = useToast();
  // the API's schema, with the form's own rules (a decimal comma, not 0, 0, in the chosen country) in the page's language
  const schema = useCallback(
    () =>
      import("./location-form-schema").then((m) =>
        asTextForm<Values>()(m.locationFormSchemaWith(m.locationFormWords(t))),
      ),
    [t],
  );
  const form = useZodForm(schema, {
    name: location?.name ?? "",
    country: location?.country ?? "",
    // as the page's language writes them (a decimal comma in French), as the household would type them
    lat: coordinateText(location?.lat ?? 0, locale),
    lon: coordinateText(location?.lon ?? 0, locale),
  });

  // the schema turns latitude and longitude into numbers
  const onSubmit = form.submit(async (data) => {
    if (location) await send("PUT", locationUrl(location.id), data);
    else await send("POST", "/api/v1/locations", data);
    await revalidateLocations();
    toast.success(t(location ? "form.updated" : "form.added"));
    router.push("/locations/");
    return "keep-busy";
  });

  const coordinate = { inputMode: "decimal" as const, autoComplete: "off", spellCheck: false };

  // the device's position; a country not chosen yet is the one the position is in, when only one is
  const locate = (lat: number, lon: number) => {
    const guess = countryOf(lat, lon) ?? "";
    form.setValues((v) => ({ ...v, lat: coordinateText(lat, locale), lon: coordinateText(lon, locale), country: v.country || guess }));
    form.setErrors((e) => ({ ...e, lat: undefined, lon: undefined, ...(guess ? { country: undefined } : {}) }));
  };

  return (
    <Paper component="form" variant="outlined" noValidate onSubmit={onSubmit} aria-label={t(location ? "form.editLabel" : "form.addLabel")} sx={{ maxWidth: 720, p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
      <FormErrorAlert error={form.serverError} />
      <Stack spacing={2.5} sx={{ mb: 3 }}>
        <TextField label={t("form.name")} required fullWidth autoFocus={!location} placeholder={t("form.namePlaceholder")} {...form.text("name")} />
        <EnumSelect label={t("form.country")} required fullWidth options={COUNTRIES} labelOf={(c) => t("form.countryOption", { name: countryLabel(c, tcommon), code: c })} {...form.text("country")} />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2.5}>
          <TextField
            label={t("form.lat")}
            required
            fullWidth
            slotProps={{ htmlInput: coordinate }}
            {...form.text("lat")}
            helperText={form.errors.lat ?? t("form.latHelp")}
          />
          <TextField
            label={t("form.lon")}
            required
            fullWidth
            slotProps={{ htmlInput: coordinate }}
            {...form.text("lon")}
            helperText={form.errors.lon ?? t("form.lonHelp")}
          />
        </Stack>
        <UseMyLocation onLocate={locate} disabled={form.busy} />
      </Stack>
      <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
        <SubmitButton busy={form.busy}>{t(location ? "form.save" : "form.add")}</SubmitButton>
        <Button component={Link} href="/locations/" size="large" disabled={form.busy}>
          {t("form.cancel")}
        </Button>
      </Box>
    </Paper>
  );
}
