"use client";
import dynamic from "next/dynamic";
import Button from "@mui/material/Button";
import { Text } from "@/components/ui/text";
import PowerOutlined from "@mui/icons-material/PowerOutlined";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { useIntegrations } from "@/lib/swr/use-integrations";
import { HomeSection, LinkHint } from "./home-section";
import { meterIds, type IntegrationView } from "./integration-view";
import s from "./home-integrations.module.css";

// what only a household with that integration sees loads only then (rendered on the server as before)
const MyIntegrationsTable = dynamic(() => import("./my-integrations-table").then((m) => m.MyIntegrationsTable));
const LinkySampler = dynamic(() => import("./linky-sampler").then((m) => m.LinkySampler));
const LegrandPlants = dynamic(() => import("./vendor-samples").then((m) => m.LegrandPlants));
const NetatmoHomes = dynamic(() => import("./vendor-samples").then((m) => m.NetatmoHomes));
const ErrorState = dynamic(() => import("@/components/ui/page-states").then((m) => m.ErrorState));

/**
 * Variant B's home sections: 'My Integrations' and a sample of each linked source's data (Legrand
 * plants, Linky readings, Netatmo homes). `initial` is the list the server page read, so the
 * home shows without waiting; a section whose integration is missing says how to link it.
 */
export function HomeIntegrations({ initial }: { initial: IntegrationView[] }) {
  const t = useTranslations("integrations");
  const { data, error, mutate } = useIntegrations(initial);
  const integrations = data?.results ?? initial;
  const find = (...names: string[]) => integrations.find((i) => names.includes(i.name));
  const linky = find("linky");
  const legrand = find("legrand", "legrand_up");
  const netatmo = find("netatmo");
  const meters = meterIds(linky?.resource);

  return (
    <div className={s.sections}>
      <HomeSection
        id="my-integrations"
        title={t("home.mine")}
        action={
          <Button component={NextLink} href="/integrations-setup" size="small" startIcon={<PowerOutlined />}>
            {t("home.addUpdate")}
          </Button>
        }
      >
        {error && !data ? <ErrorState error={error} what={t("cards.what")} onRetry={() => mutate()} /> : null}
        {integrations.length ? (
          <MyIntegrationsTable integrations={integrations} />
        ) : (
          <div className={s.none}>
            <Text className={s.noneTitle}>{t("home.noneTitle")}</Text>
            <Text color="textSecondary" className={s.noneText}>
              {t("home.noneText")}
            </Text>
            <Button component={NextLink} href="/integrations-setup" variant="contained">
              {t("home.linkOne")}
            </Button>
          </div>
        )}
      </HomeSection>
      <HomeSection id="legrand-plants" title={t("home.legrandTitle")} sandbox={legrand?.sandbox} needsRelink={legrand?.needs_relink}>
        {legrand ? <LegrandPlants /> : <LinkHint linkLabel={t("home.legrandLink")}>{t("home.legrandHint")}</LinkHint>}
      </HomeSection>
      <HomeSection id="linky" title={t("home.linkyTitle")} sandbox={linky?.sandbox} needsRelink={linky?.needs_relink}>
        {linky && meters.length ? (
          <LinkySampler meters={meters} />
        ) : linky ? (
          <LinkHint linkLabel={t("home.linkyAgain")}>{t("home.linkyNoMeter")}</LinkHint>
        ) : (
          <LinkHint linkLabel={t("home.linkyLink")}>{t("home.linkyHint")}</LinkHint>
        )}
      </HomeSection>
      <HomeSection id="netatmo" title={t("home.netatmoTitle")} sandbox={netatmo?.sandbox} needsRelink={netatmo?.needs_relink}>
        {netatmo ? <NetatmoHomes /> : <LinkHint linkLabel={t("home.netatmoLink")}>{t("home.netatmoHint")}</LinkHint>}
      </HomeSection>
    </div>
  );
}
