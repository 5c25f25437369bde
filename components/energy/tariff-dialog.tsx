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
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import { FormErrorAlert } from "@/components/ui/form-error-alert";
import { useToast } from "@/components/ui/toast-provider";
import { errorMessage } from "@/lib/swr/fetcher";
import { KVA_STEPS, TARIFF_OPTIONS, type TariffOption } from "@/lib/energy/tariff-options";
import type { MeterView } from "@/lib/serializers/meter";
import { saveTariffSettings, type OffpeakRange } from "@/lib/swr/use-energy";
import { MAX_OFFPEAK_RANGES, offpeakRangeProblems } from "@/lib/validation/offpeak";
import { isDay } from "./period";

const OPTION_TEXT: Record<TariffOption, string> = { base: "Base", hphc: "Peak / off-peak (HP/HC)", tempo: "Tempo" };
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);
const MAX_RANGES = MAX_OFFPEAK_RANGES;

/** The ranges the costs use today: the newest set (the household's, else the contract's). */
function currentRanges(meter: MeterView): OffpeakRange[] {
  return meter.offpeak[0]?.ranges.map((r) => ({ from: r.from.slice(0, 5), to: r.to === "24:00" ? "00:00" : r.to.slice(0, 5) })) ?? [];
}

type Errors = { tariff?: string; kva?: string; ranges?: (string | undefined)[]; rangesAll?: string; validFrom?: string };

export function TariffDialog({ meter, onClose }: { meter: MeterView; onClose: () => void }) {
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
    if (!tariff) found.tariff = "Choose your tariff option";
    if (!kva) found.kva = "Choose your subscribed power";
    if (tariff === "hphc" && !ranges.length) found.rangesAll = "HP/HC needs at least one off-peak range";
    if (validFrom && !isDay(validFrom)) found.validFrom = "Enter a day, or leave it empty";
    const body = {
      tariff: tariff || null,
      subscribed_kva: kva ? Number(kva) : null,
      ...(tariff === "hphc" ? { offpeak: { ranges, ...(validFrom ? { valid_from: validFrom } : {}) } } : {}),
    };
    if (tariff === "hphc") {
      const problems = offpeakRangeProblems(ranges);
      if (problems.some(Boolean)) found.ranges = problems;
      if (ranges.length > MAX_RANGES) found.rangesAll = `At most ${MAX_RANGES} off-peak ranges`;
    }
    setErrors(found);
    if (Object.keys(found).length || !tariff || !kva) return;
    setBusy(true);
    setServerError(null);
    try {
      await saveTariffSettings(meter.id, { tariff, subscribed_kva: Number(kva), ...(body.offpeak ? { offpeak: body.offpeak } : {}) });
      toast.success("Your tariff settings are saved");
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
        <DialogTitle id={`${id}-title`}>Tariff settings</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2.5, pt: "8px !important" }}>
          <Typography variant="body2" color="text.secondary">
            Meter {meter.usage_point_id}. Your settings win over the contract data read from Enedis; costs are computed with the regulated EDF Tarif Bleu prices in force each day.
          </Typography>
          <FormErrorAlert error={serverError} />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <TextField select label="Tariff option" value={tariff} onChange={(e) => (setTariff(e.target.value as TariffOption), setErrors((x) => ({ ...x, tariff: undefined })))} error={Boolean(errors.tariff)} helperText={errors.tariff ?? " "} required>
              {TARIFF_OPTIONS.map((o) => (
                <MenuItem key={o} value={o}>
                  {OPTION_TEXT[o]}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Subscribed power" value={kva} onChange={(e) => (setKva(e.target.value), setErrors((x) => ({ ...x, kva: undefined })))} error={Boolean(errors.kva)} helperText={errors.kva ?? " "} required>
              {KVA_STEPS.map((k) => (
                <MenuItem key={k} value={String(k)}>
                  {k} kVA
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {tariff === "tempo" && (
            <Typography variant="body2" color="text.secondary">
              Tempo&apos;s off-peak hours are set by the offer: 22:00 to 06:00 every day.
            </Typography>
          )}
          {tariff === "hphc" && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "grid", gap: 1.5, minWidth: 0 }}>
              <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                Off-peak hours (up to {MAX_RANGES} ranges, by the half hour)
              </Typography>
              {ranges.map((r, i) => (
                <Box key={i} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
                  <TextField select size="small" label={`Range ${i + 1} from`} value={r.from} onChange={(e) => setRange(i, { ...r, from: e.target.value })} error={Boolean(errors.ranges?.[i])} sx={{ flex: 1 }}>
                    {HALF_HOURS.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField select size="small" label={`Range ${i + 1} to`} value={r.to} onChange={(e) => setRange(i, { ...r, to: e.target.value })} error={Boolean(errors.ranges?.[i])} sx={{ flex: 1 }}>
                    {HALF_HOURS.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </TextField>
                  <IconButton aria-label={`Remove range ${i + 1}`} onClick={() => (setRanges((all) => all.filter((_, j) => j !== i)), setErrors((x) => ({ ...x, ranges: undefined })))}>
                    <DeleteOutline />
                  </IconButton>
                </Box>
              ))}
              {errors.ranges?.map((m, i) => m && <FormHelperText key={i} error>{`Range ${i + 1}: ${m}`}</FormHelperText>)}
              {errors.rangesAll && <FormHelperText error>{errors.rangesAll}</FormHelperText>}
              <Box>
                <Button size="small" startIcon={<AddIcon />} disabled={ranges.length >= MAX_RANGES} onClick={() => setRanges((all) => [...all, { from: "12:00", to: "14:00" }])}>
                  Add a range
                </Button>
              </Box>
              <TextField
                type="date"
                label="Valid from"
                value={validFrom}
                onChange={(e) => (setValidFrom(e.target.value), setErrors((x) => ({ ...x, validFrom: undefined })))}
                error={Boolean(errors.validFrom)}
                helperText={errors.validFrom ?? "Leave empty to apply these hours to your whole history; a later day keeps your earlier hours before it."}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ maxWidth: { sm: 240 } }}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
