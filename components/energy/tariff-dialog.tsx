"use client";
// "Tariff settings": the household's option, subscribed power and off-peak ranges (by the half
// hour, up to 3, from a day), checked by the same off-peak rules as PATCH /api/v1/meters/{id}
// (lib/validation/offpeak.ts, without zod: the server's schema checks the rest again).
import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Text } from "@/components/ui/text";
import { HALF_HOURS } from "@/components/ui/dates";
import useMediaQuery from "@mui/material/useMediaQuery";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { useTranslations } from "use-intl";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { useToast } from "@/components/ui/toast-provider";
import { errorMessage } from "@/lib/swr/fetcher";
import { useApiText } from "@/components/i18n/api-texts";
import { KVA_STEPS, TARIFF_OPTIONS, type TariffOption } from "@/lib/energy/tariff-options";
import type { MeterView } from "@/lib/serializers/meter";
import { saveTariffSettings, type OffpeakRange } from "@/lib/swr/use-energy";
import { MAX_OFFPEAK_RANGES, offpeakRangeProblems } from "@/lib/validation/offpeak";
import { isDay } from "./period";

const MAX_RANGES = MAX_OFFPEAK_RANGES;

/** The ranges the costs use today: the newest set (the household's, else the contract's). */
function currentRanges(meter: MeterView): OffpeakRange[] {
  return meter.offpeak[0]?.ranges.map((r) => ({ from: r.from.slice(0, 5), to: r.to === "24:00" ? "00:00" : r.to.slice(0, 5) })) ?? [];
}

type Errors = { tariff?: string; kva?: string; ranges?: (string | undefined)[]; rangesAll?: string; validFrom?: string };

export function TariffDialog({ meter, onClose }: { meter: MeterView; onClose: () => void }) {
  const t = useTranslations("energy");
  const apiText = useApiText();
  const id = useId();
  const toast = useToast();
  const phone = useMediaQuery("(max-width:599.95px)");
  const [tariff, setTariff] = useState<TariffOption | "">(meter.tariff ?? "");
  const [kva, setKva] = useState<string>(meter.subscribed_kva !== null && (KVA_STEPS as readonly number[]).includes(meter.subscribed_kva) ? String(meter.subscribed_kva) : "");
  const [ranges, setRanges] = useState<OffpeakRange[]>(() => {
    const r = currentRanges(meter);
    return r.length ? r : [{ from: "22:00", to: "06:00" }];
  });
  const [validFrom, setValidFrom] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setRange = (i: number, r: OffpeakRange) => {
    setRanges((all) => all.map((x, j) => (j === i ? r : x)));
    setErrors((e) => ({ ...e, ranges: undefined, rangesAll: undefined }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!tariff) found.tariff = t("tariff.chooseOption");
    if (!kva) found.kva = t("tariff.choosePower");
    if (tariff === "hphc" && !ranges.length) found.rangesAll = t("tariff.needsRange");
    if (validFrom && !isDay(validFrom)) found.validFrom = t("tariff.enterDay");
    const body = {
      tariff: tariff || null,
      subscribed_kva: kva ? Number(kva) : null,
      ...(tariff === "hphc" ? { offpeak: { ranges, ...(validFrom ? { valid_from: validFrom } : {}) } } : {}),
    };
    if (tariff === "hphc") {
      const problems = offpeakRangeProblems(ranges);
      if (problems.some(Boolean)) found.ranges = problems;
      if (ranges.length > MAX_RANGES) found.rangesAll = t("tariff.atMost", { max: MAX_RANGES });
    }
    setErrors(found);
    if (Object.keys(found).length || !tariff || !kva) return;
    setBusy(true);
    setServerError(null);
    try {
      await saveTariffSettings(meter.id, { tariff, subscribed_kva: Number(kva), ...(body.offpeak ? { offpeak: body.offpeak } : {}) });
      toast.success(t("tariff.saved"));
      onClose();
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }}>
        <DialogTitle id={`${id}-title`}>{t("tariff.title")}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2.5, pt: "8px !important" }}>
          <Text variant="body2" color="textSecondary">
            {t("tariff.intro", { id: meter.usage_point_id })}
          </Text>
          <FormErrorAlert error={serverError} />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <TextField select label={t("tariff.option")} value={tariff} onChange={(e) => (setTariff(e.target.value as TariffOption), setErrors((x) => ({ ...x, tariff: undefined })))} error={Boolean(errors.tariff)} helperText={errors.tariff ?? " "} required>
              {TARIFF_OPTIONS.map((o) => (
                <MenuItem key={o} value={o}>
                  {t(`options.long.${o}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label={t("tariff.power")} value={kva} onChange={(e) => (setKva(e.target.value), setErrors((x) => ({ ...x, kva: undefined })))} error={Boolean(errors.kva)} helperText={errors.kva ?? " "} required>
              {KVA_STEPS.map((k) => (
                <MenuItem key={k} value={String(k)}>
                  {t("tariff.kva", { kva: k })}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {tariff === "tempo" && (
            <Text variant="body2" color="textSecondary">
              {t("tariff.tempo")}
            </Text>
          )}
          {tariff === "hphc" && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "grid", gap: 1.5, minWidth: 0 }}>
              <Text component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                {t("tariff.offpeak", { max: MAX_RANGES })}
              </Text>
              {ranges.map((r, i) => (
                <Box key={i} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
                  <TextField select size="small" label={t("tariff.rangeFrom", { n: i + 1 })} value={r.from} onChange={(e) => setRange(i, { ...r, from: e.target.value })} error={Boolean(errors.ranges?.[i])} sx={{ flex: 1 }}>
                    {HALF_HOURS.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField select size="small" label={t("tariff.rangeTo", { n: i + 1 })} value={r.to} onChange={(e) => setRange(i, { ...r, to: e.target.value })} error={Boolean(errors.ranges?.[i])} sx={{ flex: 1 }}>
                    {HALF_HOURS.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </TextField>
                  <IconButton aria-label={t("tariff.remove", { n: i + 1 })} onClick={() => (setRanges((all) => all.filter((_, j) => j !== i)), setErrors((x) => ({ ...x, ranges: undefined })))}>
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ))}
              {errors.ranges?.map((m, i) => m && <FormHelperText key={i} error>{t("tariff.rangeProblem", { n: i + 1, problem: apiText(m) })}</FormHelperText>)}
              {errors.rangesAll && <FormHelperText error>{errors.rangesAll}</FormHelperText>}
              <Box>
                <Button size="small" startIcon={<AddIcon />} disabled={ranges.length >= MAX_RANGES} onClick={() => setRanges((all) => [...all, { from: "12:00", to: "14:00" }])}>
                  {t("tariff.add")}
                </Button>
              </Box>
              <TextField
                type="date"
                label={t("tariff.validFrom")}
                value={validFrom}
                onChange={(e) => (setValidFrom(e.target.value), setErrors((x) => ({ ...x, validFrom: undefined })))}
                error={Boolean(errors.validFrom)}
                helperText={errors.validFrom ?? t("tariff.validFromHelp")}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ maxWidth: { sm: 240 } }}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t("tariff.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("tariff.save")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
