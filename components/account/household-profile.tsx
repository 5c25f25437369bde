"use client";
// My Account's household profile (docs/community.md, "How a household compares"): housing type,
// floor area, occupants, heating and hot water, every field optional; My Energy compares the
// household with similar homes of the community once the first four are given.
import { useState } from "react";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import { NativeSelectField } from "@/components/ui/native-select-field";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { Text } from "@/components/ui/text";
import type { ProfileView } from "@/lib/serializers/community";
import { send } from "@/lib/swr/fetcher";
import { HOMES_LIKE_MINE_URL, HOUSEHOLD_URL } from "@/lib/swr/keys";
import { useApi } from "@/lib/swr/use-api";
import { mutate as mutateKey } from "swr";
import { FLOOR_AREA_M2, HEATING_ENERGIES, HOT_WATER_ENERGIES, HOUSING_TYPES, inRange, OCCUPANTS } from "@/lib/community/profile";


type Draft = { housing_type: string; floor_area_m2: string; occupants: string; heating: string; hot_water: string };
const draftOf = (p: ProfileView): Draft => ({
  housing_type: p.housing_type ?? "", floor_area_m2: p.floor_area_m2 === null ? "" : String(p.floor_area_m2), occupants: p.occupants === null ? "" : String(p.occupants), heating: p.heating ?? "", hot_water: p.hot_water ?? "",
});

export function HouseholdProfile() {
  const t = useTranslations("account.household");
  const toast = useToast();
  const failure = useErrorMessage();
  const profile = useApi<ProfileView>(HOUSEHOLD_URL);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (profile.error && !profile.data) return <ErrorState error={profile.error} what={t("loadFailed")} onRetry={() => void profile.mutate()} />;
  if (!profile.data) return <Placeholder height={220} label={t("loading")} />;
  const saved = draftOf(profile.data);
  const d = draft ?? saved;
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...d, [k]: e.target.value });
  const unchanged = (Object.keys(d) as (keyof Draft)[]).every((k) => d[k] === saved[k]);
  const whole = (s: string) => (s.trim() === "" ? null : Number(s));
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const area = whole(d.floor_area_m2);
    const occ = whole(d.occupants);
    const problems: Record<string, string> = {};
    // the schema's ranges (lib/community/profile.ts), said in the page's language before sending
    if (area !== null && !inRange(area, FLOOR_AREA_M2)) problems.floor_area_m2 = t("areaRange", FLOOR_AREA_M2);
    if (occ !== null && !inRange(occ, OCCUPANTS)) problems.occupants = t("occupantsRange", OCCUPANTS);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const next = await send<ProfileView>("PUT", HOUSEHOLD_URL, {
        housing_type: d.housing_type || null, floor_area_m2: area, occupants: occ, heating: d.heating || null, hot_water: d.hot_water || null,
      });
      await profile.mutate(next, { revalidate: false });
      void mutateKey(HOMES_LIKE_MINE_URL);
      setDraft(null);
      toast.success(t("saved"));
    } catch (err) {
      toast.error(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("form")}>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" }, gap: 2.25, mb: 2 }}>
        <NativeSelectField label={t("housing")} value={d.housing_type} onChange={set("housing_type")} fullWidth>
          <option value="">{t("notSaid")}</option>
          {HOUSING_TYPES.map((v) => <option key={v} value={v}>{t(`housingTypes.${v}`)}</option>)}
        </NativeSelectField>
        <TextField
          label={t("area")} type="number" value={d.floor_area_m2} onChange={set("floor_area_m2")} fullWidth error={!!errors.floor_area_m2} helperText={errors.floor_area_m2 ?? t("areaHelper")}
          slotProps={{ htmlInput: { ...FLOOR_AREA_M2, step: 1, inputMode: "numeric" } }}
        />
        <TextField
          label={t("occupants")} type="number" value={d.occupants} onChange={set("occupants")} fullWidth error={!!errors.occupants} helperText={errors.occupants}
          slotProps={{ htmlInput: { ...OCCUPANTS, step: 1, inputMode: "numeric" } }}
        />
        <NativeSelectField label={t("heating")} value={d.heating} onChange={set("heating")} fullWidth>
          <option value="">{t("notSaid")}</option>
          {HEATING_ENERGIES.map((v) => <option key={v} value={v}>{t(`energies.${v}`)}</option>)}
        </NativeSelectField>
        <NativeSelectField label={t("hotWater")} value={d.hot_water} onChange={set("hot_water")} fullWidth>
          <option value="">{t("notSaid")}</option>
          {HOT_WATER_ENERGIES.map((v) => <option key={v} value={v}>{t(`energies.${v}`)}</option>)}
        </NativeSelectField>
      </Box>
      <Text variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {t("privacy")}
      </Text>
      <SubmitButton busy={busy} disabled={unchanged}>
        {t("save")}
      </SubmitButton>
    </Box>
  );
}
