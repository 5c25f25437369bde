"use client";
import { useState } from "react";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Button from "@mui/material/Button";
import { Tag } from "@/components/ui/tag";
import CircularProgress from "@mui/material/CircularProgress";
import { Text } from "@/components/ui/text";
import { PlainIcon } from "@/components/ui/plain-icon";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import LinkIcon from "@mui/icons-material/Link";
import LinkOff from "@mui/icons-material/LinkOff";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import { useLocale, useTranslations } from "use-intl";
import { MeterSyncList } from "@/components/energy/meter-sync";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { fetchConsentLink, revalidateIntegrations, unlinkIntegration, useIntegrations, type Vendor } from "@/lib/swr/use-integrations";
import { day, meterIds, type IntegrationView } from "./integration-view";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { SandboxChip } from "./sandbox-chip";
import g from "@/components/ui/card-grid.module.css";
import it from "@/components/ui/icon-tile.module.css";
import s from "./integration-cards.module.css";

type VendorCard = { vendor: Vendor; icon: string | readonly string[]; names: string[] };

const UnlinkDialog = lazyWhenOpen(() => import("./unlink-dialog").then((m) => m.UnlinkDialog));

// Material's icons (Apache 2.0, as @mui/icons-material ships them: HomeOutlined, SensorsOutlined,
// ElectricMeterOutlined), drawn by PlainIcon
const HOME_ICON = "m12 5.69 5 4.5V18h-2v-6H9v6H7v-7.81zM12 3 2 12h3v8h6v-6h2v6h6v-8h3z";
const SENSORS_ICON = "M7.76 16.24C6.67 15.16 6 13.66 6 12s.67-3.16 1.76-4.24l1.42 1.42C8.45 9.9 8 10.9 8 12s.45 2.1 1.17 2.83zm8.48 0C17.33 15.16 18 13.66 18 12s-.67-3.16-1.76-4.24l-1.42 1.42C15.55 9.9 16 10.9 16 12s-.45 2.1-1.17 2.83zM12 10c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m8 2c0 2.21-.9 4.21-2.35 5.65l1.42 1.42C20.88 17.26 22 14.76 22 12s-1.12-5.26-2.93-7.07l-1.42 1.42C19.1 7.79 20 9.79 20 12M6.35 6.35 4.93 4.93C3.12 6.74 2 9.24 2 12s1.12 5.26 2.93 7.07l1.42-1.42C4.9 16.21 4 14.21 4 12s.9-4.21 2.35-5.65";
const METER_ICON = [
  "M21 11c0-4.97-4.03-9-9-9s-9 4.03-9 9c0 3.92 2.51 7.24 6 8.48V22h2v-2.06c.33.04.66.06 1 .06s.67-.02 1-.06V22h2v-2.52c3.49-1.24 6-4.56 6-8.48m-9 7c-3.86 0-7-3.14-7-7s3.14-7 7-7 7 3.14 7 7-3.14 7-7 7",
  "M8 7h8v2H8zm4.75 3-3 3L11 14.25 9.75 15.5l1.5 1.5 3-3L13 12.75l1.25-1.25z",
] as const;

// their titles and texts: the catalog's integrations.cards.<vendor>
const VENDORS: VendorCard[] = [
  { vendor: "legrand", icon: HOME_ICON, names: ["legrand", "legrand_up"] },
  { vendor: "netatmo", icon: SENSORS_ICON, names: ["netatmo"] },
  { vendor: "linky", icon: METER_ICON, names: ["linky"] },
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
        <div className={syncShown ? `${g.grid} ${s.top}` : g.grid}>
          {VENDORS.map((v) => {
            const mine = (data?.results ?? []).filter((i) => v.names.includes(i.name));
            const integration = mine.find((i) => i.name === v.vendor) ?? mine[0];
            return <IntegrationCard key={v.vendor} card={v} integration={integration} onUnlink={(i) => setUnlinking({ integration: i, vendor: v.vendor })} />;
          })}
        </div>
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
  const { vendor, icon } = card;
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
    <section aria-labelledby={headingId} className={integration?.needs_relink ? `${g.card} ${s.card} ${s.relink}` : `${g.card} ${s.card}`}>
      <div className={s.content}>
        <div className={s.head}>
          <div aria-hidden className={it.tile}>
            <PlainIcon d={icon} />
          </div>
          <Text id={headingId} variant="h2" className={s.title}>
            {t(`${vendor}.title`)}
          </Text>
        </div>
        <div className={s.tags}>
          {integration ? (
            <Tag color="success" variant="outlined" icon={<CheckCircleOutline />} label={t("linkedSince", { date: day(integration.created_at, locale) })} />
          ) : (
            <Tag variant="outlined" icon={<RadioButtonUnchecked />} label={t("notLinked")} />
          )}
          {integration?.sandbox && <SandboxChip />}
        </div>
        <Text variant="body2" color="textSecondary" className={s.text}>
          {t(`${vendor}.text`)}
        </Text>
        {integration && (
          <dl className={s.facts}>
            {vendor === "linky" && (
              <>
                <dt>{meters.length === 1 ? t("meter") : t("meters")}</dt>
                <dd>{meters.length ? meters.join(", ") : t("noneGranted")}</dd>
              </>
            )}
            <dt>{t("lastUpdated")}</dt>
            <dd>{day(integration.updated_at, locale)}</dd>
          </dl>
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
      </div>
      <div className={`${g.actions} ${s.actions}`}>
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
          <Button color="error" onClick={() => onUnlink(integration)} disabled={busy} aria-label={t(`${vendor}.unlink`)} startIcon={<LinkOff />} className={s.end}>
            {t("unlink")}
          </Button>
        )}
      </div>
      {/* below the buttons: the sync grows and changes as it runs, and would move them under a pointer */}
      {vendor === "linky" && integration && (
        <div className={s.sync}>
          <MeterSyncList />
        </div>
      )}
    </section>
  );
}
