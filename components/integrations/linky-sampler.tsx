"use client";
import { useId, useState } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import BoltOutlined from "@mui/icons-material/BoltOutlined";
import SolarPowerOutlined from "@mui/icons-material/SolarPowerOutlined";
import { useTranslations } from "use-intl";
import { linkyFailure, linkyUrl, useSample, type LinkyKind, type LinkyResponse } from "@/lib/swr/use-integrations";
import { lazyComponent } from "@/components/ui/lazy";
import { NativeSelectField } from "@/components/ui/native-select-field";
import s from "./home-integrations.module.css";

// the readings' table (and its pagination) loads with the first sample
const ReadingView = lazyComponent(() => import("./linky-reading").then((m) => m.ReadingView));
// and a failure, or an answer without readings, with theirs
const VendorSampleFailure = lazyComponent(() => import("./raw-data").then((m) => m.VendorSampleFailure));
const JsonBlock = lazyComponent(() => import("./json-block").then((m) => m.JsonBlock));

/**
 * Variant B's 'Linky' section: choose one of the linky integration's meters, then sample its
 * consumption (the last 7 days) or production. A failure (`detail`, or results carrying `error`)
 * shows as a sentence with its JSON one click away ("Show raw data"); the next success replaces it.
 */
export function LinkySampler({ meters }: { meters: string[] }) {
  const t = useTranslations("integrations.linky");
  const selectId = useId();
  const [meter, setMeter] = useState(meters.length === 1 ? meters[0] : "");
  const [kind, setKind] = useState<LinkyKind>("consumption");
  const { data, error, isLoading, run, reset } = useSample<LinkyResponse>(linkyFailure);
  const reading = data?.results?.meter_reading;

  const load = (k: LinkyKind) => {
    setKind(k);
    run(linkyUrl(meter, k));
  };

  return (
    <div className={s.sample}>
      <Text color="textSecondary">
        {t("intro")}
      </Text>
      <div className={s.controls}>
        <NativeSelectField
          id={selectId}
          label={t("chooseMeter")}
          value={meter}
          onChange={(e) => {
            setMeter(e.target.value);
            reset();
          }}
          size="small"
          sx={{ minWidth: 220, flex: { xs: "1 1 100%", sm: "0 0 auto" } }}
        >
          {meter === "" && <option value="" disabled />}
          {meters.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </NativeSelectField>
        <Button variant="contained" startIcon={<BoltOutlined />} disabled={!meter || isLoading} onClick={() => load("consumption")}>
          {t("getConsumption")}
        </Button>
        <Button variant="outlined" startIcon={<SolarPowerOutlined />} disabled={!meter || isLoading} onClick={() => load("production")}>
          {t("getProduction")}
        </Button>
      </div>
      <div aria-live="polite">
        {isLoading ? (
          <div role="status" className={s.loading}>
            <CircularProgress size={22} aria-hidden />
            <span>{kind === "consumption" ? t("loadingConsumption", { meter }) : t("loadingProduction", { meter })}</span>
          </div>
        ) : error !== undefined ? (
          <VendorSampleFailure vendor="linky" kind={kind} body={error} label={kind === "consumption" ? t("consumptionError") : t("productionError")} />
        ) : reading ? (
          <ReadingView key={`${kind}-${reading.usage_point_id}-${reading.start}`} reading={reading} kind={kind} />
        ) : data ? (
          <JsonBlock value={data} label={kind === "consumption" ? t("consumptionJson") : t("productionJson")} />
        ) : null}
      </div>
    </div>
  );
}
