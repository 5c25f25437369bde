"use client";
import { useRef, useState } from "react";
import { useRouter } from "next/navigation";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import PrivacyTipOutlined from "@mui/icons-material/PrivacyTipOutlined";
import { TextLink } from "@/components/ui/text-link";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import { send } from "@/lib/swr/fetcher";
import { primaryTint } from "@/lib/ui/tints";

/**
 * The privacy notice (Variant B), shown until the user confirms acceptance of its current version;
 * `previousVersion` says they had accepted an older one (what changed is shown first).
 */
export function PrivacyNotice({ contactEmail, previousVersion }: { contactEmail: string; previousVersion?: boolean }) {
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
          <Typography id="privacy-notice-title" variant="h2" sx={{ fontSize: { xs: "1.2rem", sm: "1.4rem" } }}>
            Privacy notice
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 1.5 }}>
          Version {PRIVACY_NOTICE.version} · {PRIVACY_NOTICE.date}
        </Typography>
        {previousVersion && (
          <Alert severity="info" sx={{ mb: 2 }}>
            <strong>This notice has changed since you accepted it.</strong> {PRIVACY_NOTICE.changes}
          </Alert>
        )}
        <Typography sx={{ mb: 1.5 }}>Before you start, please read how Foyer uses the data of your home.</Typography>
        <Box component="ul" sx={{ pl: 3, my: 0, "& li": { mb: 1, lineHeight: 1.6 } }}>
          <li>
            Your data is used for energy, power and carbon-footprint monitoring, for flexibility baseline and offering calculations, and for energy price benchmarks.
          </li>
          <li>It is handled following European data-protection principles.</li>
          <li>
            On request, your history can be exported as a flat CSV file or in the IEC 62746-4 format. You can also download it yourself, at any time, in{" "}
            <TextLink href="/protected">
              My Account
            </TextLink>
            .
          </li>
          <li>
            Cancellation of your data history is requested by e-mail to{" "}
            <TextLink href={`mailto:${contactEmail}`}>
              {contactEmail}
            </TextLink>
            . You can also delete your account yourself in My Account: your profile and all the data of your home are erased at once, and the vendors&apos; access is revoked.
          </li>
          <li>
            Real-time data may be shared via the cloud, with your explicit consent under a European project, with a transmission system operator and its IT partners.
          </li>
        </Box>
        <Typography sx={{ mt: 1.5, mb: 2.5 }}>
          Read our{" "}
          <TextLink href="/privacy" underline="hover" sx={{ fontWeight: 600 }}>
            data privacy policy
          </TextLink>{" "}
          for the details.
        </Typography>
        {failed && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            Ruh-oh it did not work
          </Alert>
        )}
        <Button
          variant="contained"
          size="large"
          onClick={accept}
          disabled={busy}
          aria-busy={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Confirm Acceptance
        </Button>
      </Paper>
    </Box>
  );
}
