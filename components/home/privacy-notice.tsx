"use client";
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Notice } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import PrivacyTipOutlined from "@mui/icons-material/PrivacyTipOutlined";
import { useLocale, useTranslations } from "use-intl";
import { TextLink } from "@/components/ui/text-link";
import { noticeDateText, PRIVACY_NOTICE } from "@/lib/privacy/notice";
import { send } from "@/lib/swr/fetcher";
import { primaryTint } from "@/lib/ui/tints";

/**
 * The privacy notice (Variant B), shown until the user confirms acceptance of its current version;
 * `previousVersion` says they had accepted an older one (what changed is shown first).
 */
export function PrivacyNotice({ contactEmail, previousVersion }: { contactEmail: string; previousVersion?: boolean }) {
  const t = useTranslations("home");
  const locale = useLocale();
  const router = useRouter();
  const [gone, setGone] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const accept = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await send("POST", "/api/v1/users/me/accept_tos");
      collapse();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // once accepted, the notice folds away (as MUI's Collapse, without its code: 300 ms, ease in
  // out), then Home is read again
  const collapse = () => {
    const done = () => {
      setGone(true);
      router.refresh();
    };
    const el = box.current;
    if (!el || typeof el.animate !== "function") return done();
    el.style.overflow = "hidden";
    el.animate([{ height: `${el.offsetHeight}px` }, { height: "0px" }], { duration: 300, easing: "cubic-bezier(0.4, 0, 0.2, 1)", fill: "forwards" }).finished.then(done, done);
  };

  if (gone) return null;
  return (
    <Box ref={box} sx={{ display: "flow-root" }}>
      <Paper
        component="section"
        aria-labelledby="privacy-notice-title"
        variant="outlined"
        sx={{ mb: 5, p: { xs: 2.5, sm: 4 }, bgcolor: primaryTint(0.06), borderColor: primaryTint(0.35), borderRadius: 3 }}
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 2 }}>
          <PrivacyTipOutlined color="primary" aria-hidden />
          <Text id="privacy-notice-title" variant="h2" sx={{ fontSize: { xs: "1.2rem", sm: "1.4rem" } }}>
            {t("privacy.title")}
          </Text>
        </Box>
        <Text variant="body2" color="textSecondary" sx={{ mt: -1, mb: 1.5 }}>
          {t("privacy.version", { version: PRIVACY_NOTICE.version, date: noticeDateText(locale) })}
        </Text>
        {previousVersion && (
          <Notice severity="info" sx={{ mb: 2 }}>
            <strong>{t("privacy.changed")}</strong> {t("privacy.changes")}
          </Notice>
        )}
        <Text sx={{ mb: 1.5 }}>{t("privacy.intro")}</Text>
        <Box component="ul" sx={{ pl: 3, my: 0, "& li": { mb: 1, lineHeight: 1.6 } }}>
          <li>{t("privacy.use")}</li>
          <li>{t("privacy.principles")}</li>
          <li>{t.rich("privacy.export", { account: (chunks) => <TextLink href="/protected">{chunks}</TextLink> })}</li>
          <li>{t.rich("privacy.cancel", { email: contactEmail, mail: (chunks) => <TextLink href={`mailto:${contactEmail}`}>{chunks}</TextLink> })}</li>
          <li>{t("privacy.realtime")}</li>
        </Box>
        <Text sx={{ mt: 1.5, mb: 2.5 }}>
          {t.rich("privacy.policy", {
            policy: (chunks) => (
              <TextLink href="/privacy" underline="hover" sx={{ fontWeight: 600 }}>
                {chunks}
              </TextLink>
            ),
          })}
        </Text>
        {failed && (
          <Notice severity="error" role="alert" sx={{ mb: 2 }}>
            {t("privacy.failed")}
          </Notice>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={accept}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t("privacy.confirm")}
        </Button>
      </Paper>
    </Box>
  );
}
