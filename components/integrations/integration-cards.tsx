"use client";
import { useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import ElectricMeterOutlined from "@mui/icons-material/ElectricMeterOutlined";
import HomeOutlined from "@mui/icons-material/HomeOutlined";
import LinkIcon from "@mui/icons-material/Link";
import LinkOff from "@mui/icons-material/LinkOff";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import SensorsOutlined from "@mui/icons-material/SensorsOutlined";
import { MeterSyncList } from "@/components/energy/meter-sync";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { errorMessage } from "@/lib/swr/fetcher";
import { fetchConsentLink, revalidateIntegrations, unlinkIntegration, useIntegrations, type Vendor } from "@/lib/swr/use-integrations";
import { day, meterIds, type IntegrationView } from "./integration-view";
import { lazyWhenOpen } from "@/components/ui/lazy";
import { primaryTint } from "@/lib/ui/tints";
import { SandboxChip } from "./sandbox-chip";

type VendorCard = { vendor: Vendor; title: string; icon: React.ElementType; text: string; names: string[] };

const UnlinkDialog = lazyWhenOpen(() => import("./unlink-dialog").then((m) => m.UnlinkDialog));

const VENDORS: VendorCard[] = [
  {
    vendor: "legrand",
    title: "Legrand",
    icon: HomeOutlined,
    text: "Your Legrand home-automation installation (Home + Control): its plants, modules and energy readings.",
    names: ["legrand", "legrand_up"],
  },
  {
    vendor: "netatmo",
    title: "Netatmo",
    icon: SensorsOutlined,
    text: "Netatmo is the successor of the Legrand service, which is deprecated in 2023: link your Netatmo account to keep your Legrand and Netatmo devices reporting.",
    names: ["netatmo"],
  },
  {
    vendor: "linky",
    title: "Linky meter",
    icon: ElectricMeterOutlined,
    text: "Your Linky smart electricity meter, read through the grid operator: 30-minute and daily consumption and production.",
    names: ["linky"],
  },
];

/** What the vendor callback's ?error= codes mean for a person; anything else is shown as it came. */
const CALLBACK_ERRORS: Record<string, string> = {
  access_denied: "You declined the access at the vendor, so nothing was linked.",
  missing_state: "The vendor sent you back without the link's reference. Please start again with Link.",
  invalid_state: "This consent link is unknown or was already used. Please start again with Link.",
  expired_state: "This consent link has expired (links are valid 10 minutes). Please start again with Link.",
  browser_mismatch: "This consent was started in another browser. Please start again with Link here.",
  account_mismatch: "This consent was started by another account. Please start again with Link.",
  vendor_error: "The vendor reported an error during the consent. Please try again later.",
  missing_code: "The vendor did not grant access. Please start again with Link.",
  token_exchange_failed: "The vendor refused to hand over access. Please try again later.",
  no_usage_point: "The grid operator granted access to no meter, so nothing was linked. Please link again and choose your meter.",
};

/**
 * The three vendor cards (Variant A's 'Your Integrations'), used by /integrations and
 * /integrations-setup: linked or not (since when), Link / Link again (the browser goes to the
 * vendor's consent page) and Unlink (keeping or deleting its history) after a confirmation. `callbackError` is the ?error= the
 * vendor callback came back with.
 */
export function IntegrationCards({ initial, callbackError }: { initial: IntegrationView[]; callbackError?: string | null }) {
  const { data, error, isLoading, mutate } = useIntegrations(initial);
  const [shownError, setShownError] = useState(callbackError ?? null);
  const [unlinking, setUnlinking] = useState<{ integration: IntegrationView; title: string } | null>(null);
  const toast = useToast();

  const dismissError = () => {
    setShownError(null);
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  };

  return (
    <>
      {shownError && (
        <Alert severity="error" role="alert" onClose={dismissError} sx={{ mb: 3 }}>
          <AlertTitle>The integration could not be linked</AlertTitle>
          {CALLBACK_ERRORS[shownError] ?? shownError}
        </Alert>
      )}
      {error && !data ? (
        <ErrorState error={error} what="your integrations" onRetry={() => mutate()} />
      ) : isLoading && !data ? (
        <LoadingState />
      ) : (
        <Grid container spacing={2.5}>
          {VENDORS.map((v) => {
            const mine = (data?.results ?? []).filter((i) => v.names.includes(i.name));
            const integration = mine.find((i) => i.name === v.vendor) ?? mine[0];
            return (
              <Grid key={v.vendor} size={{ xs: 12, md: 4 }}>
                <IntegrationCard card={v} integration={integration} onUnlink={(i) => setUnlinking({ integration: i, title: v.title })} />
              </Grid>
            );
          })}
        </Grid>
      )}
      <UnlinkDialog
        open={!!unlinking}
        title={unlinking?.title ?? ""}
        meters={unlinking && unlinking.integration.name === "linky" ? meterIds(unlinking.integration.resource) : []}
        onClose={() => setUnlinking(null)}
        onUnlink={async (choice) => {
          if (!unlinking) return;
          await unlinkIntegration(unlinking.integration.id, choice === "delete");
          toast.success(choice === "delete" ? `${unlinking.title} was unlinked and its data deleted` : `${unlinking.title} was unlinked; its history is kept`);
          setUnlinking(null);
          await revalidateIntegrations();
        }}
      />
    </>
  );
}

function IntegrationCard({ card, integration, onUnlink }: { card: VendorCard; integration?: IntegrationView; onUnlink: (i: IntegrationView) => void }) {
  const { vendor, title, icon: Icon, text } = card;
  const [busy, setBusy] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
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
      setLinkError(errorMessage(e));
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
          <Typography id={headingId} variant="h2" sx={{ fontSize: "1.2rem" }}>
            {title}
          </Typography>
        </Box>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          {integration ? (
            <Chip size="small" color="success" variant="outlined" icon={<CheckCircleOutline />} label={`Linked since ${day(integration.created_at)}`} />
          ) : (
            <Chip size="small" variant="outlined" icon={<RadioButtonUnchecked />} label="Not linked" />
          )}
          {integration?.sandbox && <SandboxChip />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          {text}
        </Typography>
        {integration && (
          <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1.5, rowGap: 0.5, fontSize: 14, "& dt": { color: "text.secondary" }, "& dd": { m: 0, overflowWrap: "anywhere" } }}>
            {vendor === "linky" && (
              <>
                <dt>{meters.length === 1 ? "Meter" : "Meters"}</dt>
                <dd>{meters.length ? meters.join(", ") : "none granted"}</dd>
              </>
            )}
            <dt>Last updated</dt>
            <dd>{day(integration.updated_at)}</dd>
          </Box>
        )}
        {vendor === "linky" && integration && <MeterSyncList />}
        {integration?.needs_relink && (
          <Alert severity="warning" sx={{ py: 0 }}>
            The vendor no longer accepts Foyer&apos;s access. Link again to keep your data coming.
          </Alert>
        )}
        {integration?.sandbox && (
          <Typography variant="caption" color="text.secondary">
            No vendor account is configured on this server: this data comes from Foyer&apos;s sandbox, not from your real account.
          </Typography>
        )}
        {linkError && (
          <Alert severity="error" role="alert" sx={{ py: 0 }}>
            {linkError}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 3, pb: 2.5, pt: 0, gap: 1, flexWrap: "wrap" }}>
        <Button
          variant={integration && !integration.needs_relink ? "outlined" : "contained"}
          onClick={link}
          disabled={busy}
          aria-busy={busy}
          aria-label={`${integration ? "Link again" : "Link"} ${title}`}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <LinkIcon />}
        >
          {integration ? "Link again" : "Link"}
        </Button>
        {integration && (
          <Button color="error" onClick={() => onUnlink(integration)} disabled={busy} aria-label={`Unlink ${title}`} startIcon={<LinkOff />} sx={{ ml: "auto !important" }}>
            Unlink
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
