"use client";
import { useId } from "react";
import { useTranslations } from "use-intl";
import { Tag } from "@/components/ui/tag";
import { Text } from "@/components/ui/text";
import { PlainButton } from "@/components/ui/plain-button";
import { DELETE_OUTLINE_ICON, EDIT_ICON } from "@/components/ui/icon-paths";
import WarningAmberRounded from "@mui/icons-material/WarningAmberRounded";
import type { ScheduleView } from "@/lib/serializers/schedule";
import { parisDayText } from "@/components/ui/dates";
import type { Locale } from "@/lib/shared/locale.mjs";
import { planOf } from "./schedule-text";
import { useScheduleWords } from "./use-schedule-words";
import { WeekGrid } from "./week-grid";
import s from "./schedule-card.module.css";
import p from "@/components/ui/panel.module.css";

const TONES = ["primary", "secondary"] as const;

const day = (iso: string | undefined, locale: Locale) => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? parisDayText(d, locale) : null;
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
    <article aria-labelledby={titleId} className={`${p.panel} ${s.card}`}>
      <div className={s.columns}>
        <div className={s.about}>
          <div className={s.head}>
            <Text id={titleId} variant="h2" className={s.title}>
              {schedule.der_name}
            </Text>
            {othersSchedule && <Tag icon={<WarningAmberRounded />} label={t("dontEdit")} color="error" strong />}
            {split && <Tag label={t("split", { count: data.schedules?.length ?? 0 })} variant="outlined" />}
          </div>
          {othersSchedule && (
            <Text variant="body2" color="error">
              {t("belongsTo", { owner: owner ?? tPage("user", { id: String(schedule.user_id) }) })}
            </Text>
          )}
          <Text variant="body2" color="textSecondary">
            {[starts && t("starts", { date: starts }), updated && t("updated", { date: updated })].filter(Boolean).join(" · ")}
          </Text>
          <div className={s.actions}>
            <PlainButton id={editButtonId} variant="outlined" startIcon={EDIT_ICON} onClick={onEdit} disabled={actionsDisabled} aria-label={t("editLabel", { name: schedule.der_name })}>
              {t("edit")}
            </PlainButton>
            <PlainButton color="error" startIcon={DELETE_OUTLINE_ICON} onClick={onDelete} disabled={actionsDisabled} aria-label={t("deleteLabel", { name: schedule.der_name })}>
              {t("delete")}
            </PlainButton>
          </div>
        </div>
        <div className={s.grids}>
          {plan.map((part, i) => (
            <WeekGrid key={i} part={part} tone={TONES[i % TONES.length]} dense words={words} />
          ))}
        </div>
      </div>
    </article>
  );
}
