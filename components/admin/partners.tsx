"use client";
// The grid partners in the back-office (docs/sharing.md): an admin issues a partner's client
// credentials (the secret shown once, on the page that follows), sees when each was last used, and
// revokes them (its tokens stop at the partner's next request).
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { parisDayTimeText } from "@/components/ui/dates";
import type { Locale } from "@/lib/shared/locale.mjs";
import { Create, Datagrid, FunctionField, List, SimpleForm, TextField, TextInput, required, useNotify, useRefresh, useRedirect } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { PartnerView } from "@/lib/serializers/sharing";

function RevokeButton({ record }: { record: PartnerView }) {
  const t = useTranslations("admin.partners");
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (record.status !== "active") return null;
  const revoke = async (e: React.MouseEvent) => {
    e.stopPropagation();
    if (!window.confirm(t("revokeConfirm", { name: record.name }))) return;
    setBusy(true);
    const res = await fetch(`/api/v1/partners/${record.id}/revoke`, { method: "POST", credentials: "same-origin" });
    setBusy(false);
    notify(res.ok ? t("revoked") : t("revokeFailed"), { type: res.ok ? "info" : "error" });
    refresh();
  };
  return (
    <Button color="error" size="small" disabled={busy} onClick={(e) => void revoke(e)}>
      {t("revoke")}
    </Button>
  );
}

export function PartnerList() {
  const t = useTranslations("admin.partners");
  const locale = useLocale() as Locale;
  const when = (iso: string | null) => (iso ? parisDayTimeText(new Date(iso), locale) : "–");
  return (
    <List exporter={false} pagination={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label={t("name")} />
        <TextField source="client_id" label={t("clientId")} />
        <FunctionField label={t("status")} render={(r: PartnerView) => t(`statuses.${r.status as "active"}`)} />
        <FunctionField label={t("lastUsed")} render={(r: PartnerView) => when(r.last_used_at)} />
        <FunctionField label={t("expires")} render={(r: PartnerView) => when(r.expires_at)} />
        <FunctionField label="" render={(r: PartnerView) => <RevokeButton record={r} />} />
      </Datagrid>
    </List>
  );
}

/** Issues credentials; the answer's secret is shown here once (react-admin would drop it). */
export function PartnerCreate() {
  const t = useTranslations("admin.partners");
  const [issued, setIssued] = useState<(PartnerView & { client_secret: string }) | null>(null);
  const redirect = useRedirect();
  if (issued) {
    return (
      <Box sx={{ p: 3, display: "grid", gap: 2, maxWidth: 720 }}>
        <Alert severity="warning">{t("secretOnce")}</Alert>
        <Typography>
          {t("clientId")}: <code>{issued.client_id}</code>
        </Typography>
        <Typography sx={{ overflowWrap: "anywhere" }}>
          {t("secret")}: <code>{issued.client_secret}</code>
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t("howTo")}
        </Typography>
        <Box>
          <Button variant="contained" onClick={() => redirect("list", "partners")}>
            {t("done")}
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <Create mutationOptions={{ onSuccess: (data: PartnerView & { client_secret: string }) => setIssued(data) }}>
      <SimpleForm>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("createHint")}
        </Alert>
        <TextInput source="name" label={t("name")} validate={required()} fullWidth />
      </SimpleForm>
    </Create>
  );
}
