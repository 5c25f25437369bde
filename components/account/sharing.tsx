"use client";
// My Account's real-time sharing with the grid operator's partner (docs/sharing.md): the consent's
// text and version, given or withdrawn in one click (each answer dated, listed), and what partners
// read of the household, and when.
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { Text } from "@/components/ui/text";
import { parisDayTimeText } from "@/components/ui/dates";
import type { Locale } from "@/lib/shared/locale.mjs";
import { Placeholder } from "@/components/ui/placeholder";
import { ErrorState } from "@/components/ui/page-states";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import type { AccessLogView, ConsentView } from "@/lib/serializers/sharing";
import { send } from "@/lib/swr/fetcher";
import { SHARING_LOG_URL, SHARING_URL } from "@/lib/swr/keys";
import { useApi } from "@/lib/swr/use-api";

/** "05 Mar 2026, 14:07", Paris time (the same on the server and in the browser). */
const when = (iso: string, locale: Locale) => parisDayTimeText(new Date(iso), locale);

const WHAT = { live: "what.live", event_results: "what.event_results", offers: "what.offers" } as const;

export function Sharing() {
  const t = useTranslations("account.sharing");
  const locale = useLocale() as Locale;
  const toast = useToast();
  const failure = useErrorMessage();
  const consent = useApi<ConsentView>(SHARING_URL);
  const log = useApi<AccessLogView[]>(SHARING_LOG_URL);
  const [busy, setBusy] = useState(false);
  if (consent.error && !consent.data) return <ErrorState error={consent.error} what={t("loadFailed")} onRetry={() => void consent.mutate()} />;
  if (!consent.data) return <Placeholder height={160} label={t("loadFailed")} />;
  const c = consent.data;
  const answer = async (given: boolean) => {
    setBusy(true);
    try {
      const next = await send<ConsentView>("PUT", SHARING_URL, { given, version: c.current_version });
      await consent.mutate(next, { revalidate: false });
      toast.success(t(given ? "givenToast" : "withdrawnToast"));
    } catch (err) {
      toast.error(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Text>{t("text")}</Text>
      <Text variant="body2" color="textSecondary">
        {t("version", { version: c.current_version })}
      </Text>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Text sx={{ fontWeight: 500 }}>{c.given && c.at ? t("given", { at: when(c.at, locale) }) : t("notGiven")}</Text>
        <Button variant={c.given ? "outlined" : "contained"} color={c.given ? "error" : "primary"} disabled={busy} onClick={() => void answer(!c.given)}>
          {c.given ? t("withdraw") : t("give")}
        </Button>
      </Box>
      {c.history.length > 0 && (
        <Box>
          <Text component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            {t("history")}
          </Text>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {c.history.slice(0, 10).map((h) => (
              <li key={h.at}>
                <Text variant="body2">
                  {when(h.at, locale)} · {h.given ? t("historyGiven", { version: h.version }) : t("historyWithdrawn")}
                </Text>
              </li>
            ))}
          </Box>
        </Box>
      )}
      <Box>
        <Text component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t("log")}
        </Text>
        {!log.data ? null : !log.data.length ? (
          <Text variant="body2" color="textSecondary">
            {t("logEmpty")}
          </Text>
        ) : (
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={t("log")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("when")}</TableCell>
                  <TableCell>{t("partner")}</TableCell>
                  <TableCell>{t("read")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.slice(0, 50).map((r, i) => (
                  <TableRow key={`${r.at}-${i}`}>
                    <TableCell>{when(r.at, locale)}</TableCell>
                    <TableCell>{r.partner}</TableCell>
                    <TableCell>{r.what in WHAT ? t(WHAT[r.what as keyof typeof WHAT]) : r.what}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>
    </Box>
  );
}
