"use client";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { Placeholder } from "@/components/ui/placeholder";
import Stack from "@mui/material/Stack";
import { Text } from "@/components/ui/text";
import { PlainButton } from "@/components/ui/plain-button";
import { ADD_ROUNDED_ICON } from "@/components/ui/icon-paths";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import type { ScheduleView } from "@/lib/serializers/schedule";
import type { ScheduleData, ScheduleDataInput } from "@/lib/validation/schedule";
import { newScheduleDefaults } from "@/lib/schedules/rules";
import { createSchedule, deleteSchedule, updateSchedule, useScheduleOwners, useSchedules } from "@/lib/swr/use-schedules";
import { useToast } from "@/components/ui/toast-provider";
import { useErrorMessage } from "@/components/i18n/api-texts";
import { lazyComponent, lazyWhenOpen } from "@/components/ui/lazy";
import { ScheduleCard } from "./schedule-card";

export type Viewer = { id: number; isSuperuser: boolean };

/** What is being edited: nothing, a new schedule (with its defaults), or one schedule by id. */
type Editing = null | { kind: "new"; initial: ScheduleDataInput } | { kind: "edit"; id: number };

// the editor (and zod, which checks what it holds) and the confirmation load when first needed
const ScheduleEditor = lazyComponent(() => import("./schedule-editor").then((m) => m.ScheduleEditor));
const ConfirmDialog = lazyWhenOpen(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog));

const NEW_BUTTON_ID = "schedules-new";
const editButtonId = (id: number) => `schedule-${id}-edit`;
/** Gives the focus back to where the person was once the editor has gone. */
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * Manual Schedules: the list (every user's for an admin, with 'don't edit' on others'), New and a
 * per-item Edit opening the one editor, Delete after a confirmation; loading, empty and error states.
 */
export function SchedulesView({ viewer }: { viewer: Viewer }) {
  const t = useTranslations("schedules");
  const toast = useToast();
  const failure = useErrorMessage();
  const { schedules, error, isLoading, isValidating, mutate } = useSchedules();
  const owners = useScheduleOwners(viewer.isSuperuser);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<{ schedule: ScheduleView; open: boolean } | null>(null);

  const othersSchedule = (s: ScheduleView) => viewer.isSuperuser && s.user_id !== viewer.id;

  const failed = (action: "create" | "update" | "delete", err: unknown) => toast.error({ title: t(action === "create" ? "toast.failedCreate" : action === "update" ? "toast.failedUpdate" : "toast.failedDelete"), message: failure(err) });

  const save = async (data: ScheduleData) => {
    if (!editing) return;
    const isNew = editing.kind === "new";
    let saved: ScheduleView;
    try {
      saved = isNew ? await createSchedule(data) : await updateSchedule(editing.id, data);
    } catch (err) {
      failed(isNew ? "create" : "update", err);
      throw err;
    }
    toast.success(t(isNew ? "toast.created" : "toast.updated", { name: saved.der_name }));
    setEditing(null);
    await mutate((list) => (isNew ? [...(list ?? []), saved] : (list ?? []).map((s) => (s.id === saved.id ? saved : s))), { revalidate: true });
    focusLater(editButtonId(saved.id));
  };

  const remove = async () => {
    if (!deleting) return;
    const { schedule } = deleting;
    try {
      await deleteSchedule(schedule.id);
    } catch (err) {
      failed("delete", err);
      setDeleting({ schedule, open: false });
      focusLater(editButtonId(schedule.id));
      return;
    }
    toast.success(t("toast.deleted", { name: schedule.der_name }));
    setDeleting({ schedule, open: false });
    await mutate((list) => (list ?? []).filter((s) => s.id !== schedule.id), { revalidate: true });
    focusLater(NEW_BUTTON_ID);
  };

  const cancel = () => {
    const back = editing?.kind === "edit" ? editButtonId(editing.id) : NEW_BUTTON_ID;
    setEditing(null);
    focusLater(back);
  };

  const editorFor = (s: ScheduleView) => (
    <ScheduleEditor
      key={s.id}
      title={t("page.editTitle", { name: s.der_name })}
      initial={s.data}
      warning={
        othersSchedule(s) ? (
          <Notice severity="warning" sx={{ mb: 2.5 }}>
            {t("page.othersWarning", { owner: owners.get(s.user_id) ?? t("page.user", { id: String(s.user_id) }) })}
          </Notice>
        ) : undefined
      }
      onSave={save}
      onCancel={cancel}
    />
  );

  const list = schedules ?? [];
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-end", justifyContent: "space-between", mb: 3 }}>
        <Box sx={{ minWidth: 0, flex: "1 1 320px" }}>
          <Text variant="h1" sx={{ fontSize: { xs: "1.8rem", sm: "2.2rem" }, mb: 1 }}>
            {t("page.title")}
          </Text>
          <Text color="textSecondary">{t("page.intro")}</Text>
        </Box>
        <PlainButton
          id={NEW_BUTTON_ID}
          variant="contained"
          size="large"
          startIcon={ADD_ROUNDED_ICON}
          disabled={editing !== null}
          onClick={() => setEditing({ kind: "new", initial: { ...newScheduleDefaults(), der_name: t("page.defaultName") } })}
        >
          {t("page.new")}
        </PlainButton>
      </Box>

      {viewer.isSuperuser && (
        <Notice severity="info" sx={{ mb: 3 }}>
          {t("page.adminNote")}
        </Notice>
      )}

      {error && (
        <Notice
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => mutate()} disabled={isValidating}>
              {t("page.tryAgain")}
            </Button>
          }
        >
          <NoticeTitle>{t("page.loadFailed")}</NoticeTitle>
          {failure(error)}
          {schedules ? ` ${t("page.outOfDate")}` : ""}
        </Notice>
      )}

      <Stack spacing={2.5}>
        {editing?.kind === "new" && <ScheduleEditor title={t("page.newTitle")} initial={editing.initial} onSave={save} onCancel={cancel} />}

        {isLoading && !schedules && (
          <Box role="status" aria-live="polite">
            <Text variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
              {t("page.loading")}
            </Text>
            <Stack spacing={2.5} aria-hidden>
              {[0, 1].map((i) => (
                <Placeholder key={i} height={190} radius={30} />
              ))}
            </Stack>
          </Box>
        )}

        {schedules && list.length === 0 && editing?.kind !== "new" && (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: "center" }}>
            <Box aria-hidden sx={{ color: "primary.main", mb: 1, "& svg": { fontSize: 44 } }}>
              <EventRepeatOutlined />
            </Box>
            <Text sx={{ fontWeight: 600, fontSize: "1.1rem", mb: 0.5 }}>{t("page.emptyTitle")}</Text>
            <Text variant="body2" color="textSecondary">
              {t("page.emptyText")}
            </Text>
          </Paper>
        )}

        {list.map((s) =>
          editing?.kind === "edit" && editing.id === s.id ? (
            editorFor(s)
          ) : (
            <ScheduleCard
              key={s.id}
              schedule={s}
              othersSchedule={othersSchedule(s)}
              owner={owners.get(s.user_id)}
              editButtonId={editButtonId(s.id)}
              actionsDisabled={editing !== null}
              onEdit={() => setEditing({ kind: "edit", id: s.id })}
              onDelete={() => setDeleting({ schedule: s, open: true })}
            />
          ),
        )}
      </Stack>

      {deleting && (
        <ConfirmDialog
          title={t("page.deleteTitle", { name: deleting.schedule.der_name })}
          open={deleting.open}
          disableRestoreFocus
          onClose={() => {
            setDeleting({ ...deleting, open: false });
            focusLater(editButtonId(deleting.schedule.id));
          }}
          onConfirm={remove}
        >
          {t("page.deleteText")}
        </ConfirmDialog>
      )}
    </>
  );
}
