"use client";
// My Energy's community cards (docs/community.md): "homes like mine" (the household's last month
// and 12 months against similar homes of the community, only with 10 of them or more, and the
// French average) and what it gains from the community's collective self-consumption.
import { NextLink } from "@/components/ui/next-link";
import { useLocale, useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { SHORT_MONTHS } from "@/components/ui/dates";
import { fixedText } from "@/components/ui/numbers";
import { eurText, kwhText } from "./format";
import type { ComparisonView, MyCommunityView } from "@/lib/serializers/community";
import type { Locale } from "@/lib/shared/locale.mjs";
import { HOMES_LIKE_MINE_URL, MY_COMMUNITY_URL } from "@/lib/swr/keys";
import { useApi } from "@/lib/swr/use-api";

type Span = NonNullable<ComparisonView["monthly"]>;

const monthWords = (ym: string, locale: Locale) => `${SHORT_MONTHS[locale][Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
const pct = (x: number | null, locale: Locale) => (x === null ? "–" : `${fixedText(x * 100, x < 0.1 ? 1 : 0, locale)}${locale === "fr" ? "\u00a0" : ""}%`);
const num = (x: number, locale: Locale) => fixedText(x, x < 10 ? 1 : 0, locale);

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, display: "grid", gap: 1.5, minWidth: 0 }}>
      <Text id={id} component="h2" sx={{ fontWeight: 600, fontSize: "1.05rem" }}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** kWh/m² of the household against the group's typical and efficient homes, as bars on one scale. */
function Bars({ rows }: { rows: { label: string; value: number; text: string; strong?: boolean }[] }) {
  const max = Math.max(...rows.map((r) => r.value), 1e-9);
  return (
    <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "minmax(7rem, auto) minmax(0, 1fr)", columnGap: 1.5, rowGap: 0.75, m: 0, alignItems: "center" }}>
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: "contents" }}>
          <Text component="dt" variant="body2" sx={{ fontWeight: r.strong ? 600 : 400 }}>
            {r.label}
          </Text>
          <Box component="dd" sx={{ m: 0, display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
            <Box aria-hidden sx={{ height: 12, borderRadius: 1, width: `${Math.max(2, (r.value / max) * 100)}%`, maxWidth: "70%", bgcolor: r.strong ? "primary.main" : "action.disabled" }} />
            <Text variant="body2" sx={{ whiteSpace: "nowrap" }}>
              {r.text}
            </Text>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function SpanView({ span, title, locale }: { span: Span; title: string; locale: Locale }) {
  const t = useTranslations("energy.community");
  return (
    <Box sx={{ display: "grid", gap: 1, minWidth: 0 }}>
      <Text component="h3" sx={{ fontWeight: 600, fontSize: "0.95rem" }}>
        {title}
      </Text>
      {span.status === "no_data" ? (
        <Text variant="body2" color="textSecondary">{t("noData", { held: span.months_held ?? 0, months: span.months ?? 0 })}</Text>
      ) : (
        <>
          {span.own && (
            <Text variant="body2">
              {t("you", { kwh: kwhText(span.own.kwh, true, locale), perM2: num(span.own.kwh_per_m2, locale), perOccupant: num(span.own.kwh_per_occupant, locale) })}
              {span.own.eur !== null && ` · ${eurText(span.own.eur, false, locale)}`}
            </Text>
          )}
          {span.status === "too_few" ? (
            <Text variant="body2" color="textSecondary">{t("tooFew", { homes: span.homes ?? 0 })}</Text>
          ) : span.similar && span.own ? (
            <>
              <Bars
                rows={[
                  { label: t("barYou"), value: span.own.kwh_per_m2, text: t("perM2", { v: num(span.own.kwh_per_m2, locale) }), strong: true },
                  { label: t("barTypical"), value: span.similar.median_kwh_per_m2, text: t("perM2", { v: num(span.similar.median_kwh_per_m2, locale) }) },
                  { label: t("barEfficient"), value: span.similar.efficient_kwh_per_m2, text: t("perM2", { v: num(span.similar.efficient_kwh_per_m2, locale) }) },
                ]}
              />
              <Text variant="body2">
                {span.own.kwh_per_m2 <= span.similar.efficient_kwh_per_m2 ? t("verdictEfficient") : span.own.kwh_per_m2 <= span.similar.median_kwh_per_m2 ? t("verdictBelow") : t("verdictAbove")}
              </Text>
              <Text variant="body2" color="textSecondary">
                {t("group", { homes: span.homes ?? 0, level: t(`levels.${span.level ?? "heating"}`) })}
                {span.similar.median_eur !== null && span.similar.efficient_eur !== null && ` ${t("onYourTariff", { typical: eurText(span.similar.median_eur, false, locale), efficient: eurText(span.similar.efficient_eur, false, locale) })}`}
              </Text>
            </>
          ) : null}
          {span.national && (
            <Text variant="body2" color="textSecondary">
              {t("national", { kwh: kwhText(span.national.kwh, true, locale), source: span.national.source })}
            </Text>
          )}
        </>
      )}
    </Box>
  );
}

export function HomesLikeMine() {
  const t = useTranslations("energy.community");
  const locale = useLocale() as Locale;
  const { data, error, mutate } = useApi<ComparisonView>(HOMES_LIKE_MINE_URL);
  return (
    <Card id="homes-like-mine" title={t("homesTitle")}>
      {error && !data ? (
        <ErrorState error={error} what={t("homesFailed")} onRetry={() => void mutate()} />
      ) : !data ? (
        <Placeholder height={140} label={t("loading")} />
      ) : data.status === "no_profile" ? (
        <Text variant="body2">
          {t.rich("noProfile", { link: (chunks) => <Link component={NextLink} href="/protected#household-title">{chunks}</Link> })}
        </Text>
      ) : (
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, gap: 3 }}>
          {data.monthly && <SpanView span={data.monthly} title={monthWords(data.month, locale)} locale={locale} />}
          {data.yearly && data.year_from && <SpanView span={data.yearly} title={t("year", { from: monthWords(data.year_from, locale), to: monthWords(data.month, locale) })} locale={locale} />}
        </Box>
      )}
    </Card>
  );
}

export function CommunityShare() {
  const t = useTranslations("energy.community");
  const locale = useLocale() as Locale;
  const { data, error, mutate } = useApi<MyCommunityView>(MY_COMMUNITY_URL);
  return (
    <Card id="community-share" title={t("shareTitle")}>
      {error && !data ? (
        <ErrorState error={error} what={t("shareFailed")} onRetry={() => void mutate()} />
      ) : !data ? (
        <Placeholder height={100} label={t("loading")} />
      ) : !data.member ? (
        <Text variant="body2">{t("notMember")}</Text>
      ) : (
        <>
          <Text variant="body2">
            {t("share", {
              allocated: kwhText(data.total.allocated_wh / 1000, true, locale), share: pct(data.total.share, locale), savings: eurText(data.total.savings_eur, false, locale), from: monthWords(data.from, locale),
            })}
          </Text>
          {data.community && (
            <Text variant="body2" color="textSecondary">
              {t("communityRates", { members: data.community.members, selfConsumption: pct(data.community.self_consumption, locale), selfSufficiency: pct(data.community.self_sufficiency, locale) })}
            </Text>
          )}
        </>
      )}
    </Card>
  );
}
