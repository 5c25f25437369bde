"use client";
// The device's new MQTT password, shown this once (POST .../mqtt/password answers it, the server
// keeps only its hash): a copy button, and the warning that it will not be shown again and that
// the previous one stopped working. Closed only by Done, not by a click beside it.
import { useTranslations } from "use-intl";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { Notice } from "@/components/ui/notice";
import { Text } from "@/components/ui/text";
import type { MqttPassword } from "@/lib/swr/use-telemetry";
import { CopyButton } from "./copy-button";
import s from "./telemetry.module.css";

export function PasswordDialog({
  open,
  made,
  replaced,
  onClose,
  onExited,
}: {
  open: boolean;
  made: MqttPassword | null;
  /** the device had a password before this one */
  replaced: boolean;
  onClose: () => void;
  /** once closed: the page forgets the password */
  onExited: () => void;
}) {
  const t = useTranslations("devices.connect");
  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => reason !== "backdropClick" && onClose()}
      aria-labelledby="password-title"
      aria-describedby="password-once"
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="password-title">{t("passwordTitle")}</DialogTitle>
      {made && (
        <DialogContent>
          <Notice severity="warning" role="note" id="password-once">
            {t("passwordOnce")}
            {replaced && ` ${t("passwordReplaced")}`}
          </Notice>
          <Text variant="body2" color="textSecondary" sx={{ mt: 2 }}>
            {t("passwordFor", { username: made.username })}
          </Text>
          <div className={s.secret}>
            <code>{made.password}</code>
            <CopyButton text={made.password} label={t("copyPassword")} autoFocus />
          </div>
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {t("done")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
