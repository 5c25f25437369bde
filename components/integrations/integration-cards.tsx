"use client";
import { useState } from "react";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import { Tag } from "@/components/ui/tag";
import CircularProgress from "@mui/material/CircularProgress";
import Grid from "@mui/material/Grid";
import { Text } from "@/components/ui/text";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import ElectricMeterOutlined from "@mui/icons-material/ElectricMeterOutlined";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import LinkIcon from "@mui/icons-material/Link";
import LinkOff from "@mui/icons-material/LinkOff";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import SensorsOutlined from "@mui/icons-material/SensorsOutlined";
import { useLocale, useTranslations } from "use-intl";
import { MeterSyncList } from "@/components/energy/meter-sync";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { fetchConsentLink, revalidateIntegrations, unlinkIntegration, useIntegrations, type Vendor } from "@/lib/swr/use-integrations";
import { day, meterIds, type IntegrationView } from "./integration-view";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { primaryTint } from "@/lib/ui/tints";
import { SandboxChip } from "./sandbox-chip";

type VendorCard = { vendor: Vendor; icon: React.ElementType; names: string[] };

const UnlinkDialog = lazyWhenOpen(() => import("./unlink-dialog").then((m) => m.UnlinkDialog));

// their titles and texts: the catalog's integrations.cards.<vendor>
const VENDORS: VendorCard[] = [
  { vendor: "legrand", icon: HomeOutlined, names: ["legrand", "legrand_up"] },
  { vendor: "netatmo", icon: SensorsOutlined, names: ["netatmo"] },
  { vendor: "linky", icon: ElectricMeterOutlined, names: ["linky"] },
];

/** The vendor callback's ?error= codes that mean something for a person (integrations.callbackErrors); anything else is shown as it came. */
const CALLBACK_ERRORS = new Set([
  "access_denied",
  "missing_state",
  "invalid_state",
  "expired_state",
  "browser_mismatch",
  "account_mismatch",
  "vendor_error",
  "missing_code",
  "token_exchange_failed",
  "no_usage_point",
]);

/**
 * The three vendor cards (Variant A's 'Your Integrations'), used by /integrations and
 * /integrations-setup: linked or not (since when), Link / Link again (the browser goes to the
 * vendor's consent page) and Unlink (keeping or deleting its history) after a confirmation. `callbackError` is the ?error= the
 * vendor callback came back with.
 */
export function IntegrationCards({ initial, callbackError }: { initial: IntegrationView[]; callbackError?: string | null }) {
  const { data, error, isLoading, mutate } = useIntegrations(initial);
  const [shownError, setShownError] = useState(callbackError ?? null);
  const [unlinking, setUnlinking] = useState<{ integration: IntegrationView; vendor: Vendor } | null>(null);
  const toast = useToast();
  const t = useTranslations("integrations");
  // a linked Linky card holds its meters' sync progress (MeterSyncList), which grows as it runs
  const syncShown = (data?.results ?? []).some((i) => i.name === "linky");

  const dismissError = () => {
    setShownError(null);
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  };

  return (
    <>
      {shownError && (
        <Notice severity="error" role="alert" onClose={dismissError} closeText={t("cards.close")} sx={{ mb: 3 }}>
          <NoticeTitle>{t("cards.callbackTitle")}</NoticeTitle>
          {CALLBACK_ERRORS.has(shownError) ? t(`callbackErrors.${shownError as "access_denied"}`) : shownError}
        </Notice>
      )}
      {error && !data ? (
        <ErrorState error={error} what={t("cards.what")} onRetry={() => mutate()} />
      ) : isLoading && !data ? (
        <LoadingState />
      ) : (
        // the cards share the row's height, except beside Linky's live sync progress: stretched to
        // it, their Link buttons would move with each change of its height under a pointer
        <Grid container spacing={2.5} sx={{ alignItems: syncShown ? "flex-start" : "stretch" }}>
          {VENDORS.map((v) => {
            const mine = (data?.results ?? []).filter((i) => v.names.includes(i.name));
            const integration = mine.find((i) => i.name === v.vendor) ?? mine[0];
            return (
              <Grid key={v.vendor} size={{ xs: 12, md: 4 }}>
                <IntegrationCard card={v} integration={integration} onUnlink={(i) => setUnlinking({ integration: i, vendor: v.vendor })} />
              </Grid>
            );
          })}
        </Grid>
      )}
      <UnlinkDialog
        open={!!unlinking}
        title={unlinking ? t(`cards.${unlinking.vendor}.unlinkTitle`) : ""}
        account={unlinking ? t(`cards.${unlinking.vendor}.account`) : ""}
        meters={unlinking && unlinking.integration.name === "linky" ? meterIds(unlinking.integration.resource) : []}
        onClose={() => setUnlinking(null)}
        onUnlink={async (choice) => {
          if (!unlinking) return;
          await unlinkIntegration(unlinking.integration.id, choice === "delete");
          const title = t(`cards.${unlinking.vendor}.title`);
          toast.success(choice === "delete" ? t("cards.unlinkedDeleted", { title }) : t("cards.unlinkedKept", { title }));
          setUnlinking(null);
          await revalidateIntegrations();
        }}
      />
    </>
  );
}

function IntegrationCard({ card, integration, onUnlink }: { card: VendorCard; integration?: IntegrationView; onUnlink: (i: IntegrationView) => void }) {
  const { vendor, icon: Icon } = card;
  const t = useTranslations("integrations.cards");
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const failure = useErrorMessage();
  const headingId = `integration-${vendor}-title`;
  const meters = vendor === "linky" ? meterIds(integration?.resource) : [];

  const link = async () => {
    setBusy(true);
    setLinkError(null);
    try {
      const url = await fetchConsentLink(vendor);
      // stays busy: the browser is leaving for the vendor's consent page
      window.location.assign(url);
    } catch (e) {
      setLinkError(failure(e));
      setBusy(false);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ height: "100%", display: "flex", flexDirection: "column", borderRadius: 3, borderColor: integration?.needs_relink ? "warning.main" : undefined }}
    >
      <CardContent sx={{ p: 3, flexGrow: 1, display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
          <Box aria-hidden sx={{ width: 44, height: 44, borderRadius: 2.5, display: "grid", placeItems: "center", bgcolor: primaryTint(), color: "primary.main", flexShrink: 0 }}>
            <Icon />
          </Box>
          <Text id={headingId} variant="h2" sx={{ fontSize: "1.2rem" }}>
            {t(`${vendor}.title`)}
          </Text>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {integration ? (
            <Tag color="success" variant="outlined" icon={<CheckCircleOutline />} label={t("linkedSince", { date: day(integration.created_at, locale) })} />
          ) : (
            <Tag variant="outlined" icon={<RadioButtonUnchecked />} label={t("notLinked")} />
          )}
          {integration?.sandbox && <SandboxChip />}
        </Box>
        <Text variant="body2" color="textSecondary" sx={{ lineHeight: 1.6 }}>
          {t(`${vendor}.text`)}
        </Text>
        {integration && (
          <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1.5, rowGap: 0.5, fontSize: 14, "& dt": { color: "text.secondary" }, "& dd": { m: 0, overflowWrap: "anywhere" } }}>
            {vendor === "linky" && (
              <>
                <dt>{meters.length === 1 ? t("meter") : t("meters")}</dt>
                <dd>{meters.length ? meters.join(", ") : t("noneGranted")}</dd>
              </>
            )}
            <dt>{t("lastUpdated")}</dt>
            <dd>{day(integration.updated_at, locale)}</dd>
          </Box>
        )}
        {integration?.needs_relink && (
          <Notice severity="warning" sx={{ py: 0 }}>
            {t("needsRelink")}
          </Notice>
        )}
        {integration?.sandbox && (
          <Text variant="caption" color="textSecondary">
            {t("sandbox")}
          </Text>
        )}
        {linkError && (
          <Notice severity="error" role="alert" sx={{ py: 0 }}>
            {linkError}
          </Notice>
        )}
      </CardContent>
      <CardActions sx={{ px: 3, pb: 2.5, pt: 0, gap: 1, flexWrap: "wrap" }}>
        <Button
          variant={integration && !integration.needs_relink ? "outlined" : "contained"}
          onClick={link}
          disabled={busy}
          aria-busy={busy}
          aria-label={integration ? t(`${vendor}.linkAgain`) : t(`${vendor}.link`)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LinkIcon />}
        >
          {integration ? t("linkAgain") : t("link")}
        </Button>
        {integration && (
          <Button color="error" onClick={() => onUnlink(integration)} disabled={busy} aria-label={t(`${vendor}.unlink`)} startIcon={<LinkOff />} sx={{ ml: "auto !important" }}>
            {t("unlink")}
          </Button>
        )}
      </CardActions>
      {/* below the buttons: the sync grows and changes as it runs, and would move them under a pointer */}
      {vendor === "linky" && integration && (
        <CardContent sx={{ px: 3, pt: 0.5, pb: "24px !important" }}>
          <MeterSyncList />
        </CardContent>
      )}
    </Card>
  );
}
