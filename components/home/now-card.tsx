"use client";
// Home's Now card: the household's power at this moment from its devices on MQTT (GET
// /api/v1/energy/now), read again every 5 s while the tab is seen. The server page renders the
// first answer (no loading state, nothing moves); the card's code loads only for a household with
// such a device (home-parts.tsx). Its devices' problems join "Needs your attention" (attention.tsx).
import { useSyncExternalStore } from "react";
import { useLocale, useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { Placeholder } from "@/components/ui/placeholder";
import { PlainButton } from "@/components/ui/plain-button";
import { Text } from "@/components/ui/text";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { wattsText } from "@/components/energy/format";
import { useEnergyNow, type EnergyNow, type NowConsumer } from "@/lib/swr/use-telemetry-household";
import { ageOf, consumerShare, gridFlow } from "./now";
import s from "./now-card.module.css";

/** The card's height while its first answer loads in the browser (the server page could not read it). */
const LOADING_HEIGHT = 220;

// the clock the "as of" line reads: whole seconds, ticking once a second; none on the server and
// while hydrating (the server's time is not the reader's), so the line fills in after
const everySecond = (tick: () => void) => {
  const id = setInterval(tick, 1000);
  return () => clearInterval(id);
};
const nowSeconds = () => Math.floor(Date.now() / 1000);
const noClock = () => null;

/** The Now card; nothing once the household turns out to have no device on MQTT. */
export function NowCard() {
  const t = useTranslations("home.now");
  const failure = useErrorMessage();
  const { data, error, mutate, isValidating } = useEnergyNow(true, true);
  if (data && !data.devices.length) return null;
  return (
    <section aria-labelledby="now-title" className={s.now} aria-busy={!data && !error}>
      <div className={s.head}>
        <Text id="now-title" variant="h2" className={s.title}>
          {t("title")}
        </Text>
        {data?.at && <AsOf at={data.at} />}
      </div>
      {data ? (
        <NowFigures now={data} />
      ) : error ? (
        <div className={s.card}>
          <Text role="alert" className={s.problem}>
            {t("loadError", { error: failure(error) })}
          </Text>
          <div className={s.actions}>
            <PlainButton variant="outlined" size="small" onClick={() => void mutate()} disabled={isValidating}>
              {t("tryAgain")}
            </PlainButton>
          </div>
        </div>
      ) : (
        <Placeholder height={LOADING_HEIGHT} radius={30} label={t("loading")} />
      )}
      {data && error && (
        // the figures above stay, their "as of" ageing; SWR tries again by itself
        <Text variant="body2" role="status" className={`${s.problem} ${s.refresh}`}>
          {t("refreshError", { error: failure(error) })}
        </Text>
      )}
    </section>
  );
}

/** "As of 12 s ago", once the browser's clock runs. */
function AsOf({ at }: { at: string }) {
  const t = useTranslations("home.now");
  const now = useSyncExternalStore(everySecond, nowSeconds, noClock);
  const age = now === null ? null : ageOf(at, now * 1000);
  return (
    <Text variant="body2" color="textSecondary" className={s.asOf}>
      {age && t(`asOf.${age.unit}`, { count: age.count })}
    </Text>
  );
}

function NowFigures({ now }: { now: EnergyNow }) {
  const t = useTranslations("home.now");
  const locale = useLocale();
  const w = (v: number | null) => wattsText(v === null ? null : Math.abs(v), locale);
  if (!now.at) {
    return (
      <div className={s.card}>
        <Text className={s.problem}>{t("silent")}</Text>
        <Text variant="body2" color="textSecondary">
          {t.rich("silentHint", {
            link: (chunks) => (
              <NextLink href="/device-info" className={s.link}>
                {chunks}
              </NextLink>
            ),
          })}
        </Text>
      </div>
    );
  }
  const flow = gridFlow(now.grid_w);
  const b = (chunks: React.ReactNode) => <b>{chunks}</b>;
  return (
    <div className={s.card}>
      {flow === "unknown" ? (
        <Text color="textSecondary" className={`${s.flow} ${s.flowUnknown}`}>
          {t("flow.unknown")}
        </Text>
      ) : (
        <Text className={s.flow}>{t.rich(`flow.${flow}`, { power: w(now.grid_w), b })}</Text>
      )}
      {(now.solar_w !== null || now.home_w !== null) && (
        <dl className={s.figures}>
          {now.solar_w !== null && (
            <div>
              <dt>{t("solar")}</dt>
              <dd>{w(now.solar_w)}</dd>
            </div>
          )}
          {now.home_w !== null && (
            <div>
              <dt>{t("home")}</dt>
              <dd>{wattsText(Math.max(0, now.home_w), locale)}</dd>
            </div>
          )}
        </dl>
      )}
      {now.consumers.length > 0 && <Consumers consumers={now.consumers} homeW={now.home_w} />}
    </div>
  );
}

/** The biggest consumers, each with its power and a bar against the home's consumption. */
function Consumers({ consumers, homeW }: { consumers: NowConsumer[]; homeW: number | null }) {
  const t = useTranslations("home.now");
  const locale = useLocale();
  const biggest = Math.max(0, ...consumers.map((c) => c.power_w));
  return (
    <div>
      <Text id="now-consumers" component="h3" className={s.consumersTitle}>
        {t("consumers")}
      </Text>
      <ul className={s.consumers} aria-labelledby="now-consumers">
        {consumers.map((c) => (
          <li key={c.measurement_id} className={s.consumer}>
            <NextLink href={`/device-info/${c.device_id}`} className={s.name} title={t("consumerDevice", { name: c.name, device: c.device })}>
              {c.name}
            </NextLink>
            <span className={s.power}>{wattsText(Math.max(0, c.power_w), locale)}</span>
            <span aria-hidden className={s.bar}>
              <span style={{ width: `${Math.round(consumerShare(c.power_w, homeW, biggest) * 1000) / 10}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
