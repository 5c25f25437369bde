"use client";
import { useId } from "react";
import { useTranslations } from "use-intl";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Tag } from "@/components/ui/tag";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { Text } from "@/components/ui/text";
import EditOutlined from "@mui/icons-material/EditOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutlineOutlined";
import WarningAmberRounded from "@mui/icons-material/WarningAmberRounded";
import type { ScheduleView } from "@/lib/serializers/schedule";
import { dayText } from "@/components/ui/dates";
import type { Locale } from "@/scripts/lib/locale.mjs";
import { planOf } from "./schedule-text";
import { useScheduleWords } from "./use-schedule-words";
import { WeekGrid } from "./week-grid";

const TONES = ["primary", "secondary"] as const;

const day = (iso: string | undefined, locale: Locale) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? dayText(d, locale) : null;
};

/** One schedule in the list: its name, what runs when (a week grid per part), Edit and Delete. */
export function ScheduleCard({
  schedule,
  othersSchedule,
  owner,
  editButtonId,
  actionsDisabled,
  onEdit,
  onDelete,
}: {
  schedule: ScheduleView;
  /** an admin looking at another user's schedule: the red 'don't edit' badge */
  othersSchedule: boolean;
  /** the owner's e-mail (admins), when known */
  owner?: string;
  /** the Edit button's id, where the focus comes back after editing */
  editButtonId: string;
  /** another schedule is being edited */
  actionsDisabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("schedules.card");
  const tPage = useTranslations("schedules.page");
  const words = useScheduleWords();
  const titleId = useId();
  const { data } = schedule;
  const plan = planOf(data, words);
  const starts = day(data.start_date, words.locale);
  const updated = day(schedule.updated_at, words.locale);
  const split = Boolean(data.schedules?.length);
  return (
    <Paper component="article" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Box sx={{ display: "grid", gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 5fr) minmax(0, 7fr)" } }}>
        <Stack spacing={1.25} sx={{ minWidth: 0 }}>
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
            <Text id={titleId} variant="h2" sx={{ fontSize: "1.2rem", overflowWrap: "anywhere" }}>
              {schedule.der_name}
            </Text>
            {othersSchedule && <Tag icon={<WarningAmberRounded />} label={t("dontEdit")} color="error" strong />}
            {split && <Tag label={t("split", { count: data.schedules?.length ?? 0 })} variant="outlined" />}
          </Box>
          {othersSchedule && (
            <Text variant="body2" color="error">
              {t("belongsTo", { owner: owner ?? tPage("user", { id: String(schedule.user_id) }) })}
            </Text>
          )}
          <Text variant="body2" color="textSecondary">
            {[starts && t("starts", { date: starts }), updated && t("updated", { date: updated })].filter(Boolean).join(" · ")}
          </Text>
          <Box sx={{ display: "flex", gap: 1, pt: 0.5, flexWrap: "wrap" }}>
            <Button id={editButtonId} variant="outlined" startIcon={<EditOutlined />} onClick={onEdit} disabled={actionsDisabled} aria-label={t("editLabel", { name: schedule.der_name })}>
              {t("edit")}
            </Button>
            <Button color="error" startIcon={<DeleteOutline />} onClick={onDelete} disabled={actionsDisabled} aria-label={t("deleteLabel", { name: schedule.der_name })}>
              {t("delete")}
            </Button>
          </Box>
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {plan.map((part, i) => (
            <WeekGrid key={i} part={part} tone={TONES[i % TONES.length]} dense words={words} />
          ))}
        </Stack>
      </Box>
    </Paper>
  );
}
