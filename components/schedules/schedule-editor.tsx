"use client";
import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Notice, NoticeTitle } from "@/components/ui/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/ui/text-field";
import { Text } from "@/components/ui/text";
import CallSplitRounded from "@mui/icons-material/CallSplitRounded";
import MergeRounded from "@mui/icons-material/MergeRounded";
import type { ScheduleData, ScheduleDataInput } from "@/lib/validation/schedule";
import { MAX_PARTS, NAME_MAX, POWER_MAX, POWER_MIN } from "@/lib/schedules/rules";
import { SubmitButton } from "@/components/ui/submit-button";
import { useDeviceInfoList } from "@/lib/swr/use-devices";
import { draftFrom, draftOverlap, parsePower, partOf, sameDraft, splitDraft, unsplitDraft, validateDraft, withPart, type DraftTarget, type PartDraft, type ScheduleDraft } from "./schedule-draft";
import { boundText, monthNames, planOf } from "./schedule-text";
import { useScheduleWords } from "./use-schedule-words";
import { PartFields } from "./part-fields";
import { WeekGrid } from "./week-grid";

const TONES = ["primary", "secondary"] as const;

function Section({ title, note, tone, children }: { title: string; note?: string; tone?: "primary" | "secondary"; children: React.ReactNode }) {
  const id = useId();
  return (
    <Box
      role="group"
      aria-labelledby={id}
      sx={{ border: 1, borderColor: "divider", borderLeft: tone ? 4 : 1, borderLeftColor: tone ? `${tone}.main` : "divider", borderRadius: 2, p: { xs: 1.5, sm: 2.5 } }}
    >
      <Text id={id} variant="h3" sx={{ fontSize: "1.05rem", mb: note ? 0.25 : 1.5 }}>
        {title}
      </Text>
      {note && (
        <Text variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {note}
        </Text>
      )}
      {children}
    </Box>
  );
}

/**
 * Creates or changes one schedule: name, average power, months, days and hours, and its split into
 * two parts. Every rule is scheduleDataSchema's; Save stays disabled until something changed and
 * refuses what the schema refuses, pointing at the field.
 */
export function ScheduleEditor({
  title,
  initial,
  warning,
  onSave,
  onCancel,
}: {
  title: string;
  initial: ScheduleDataInput;
  /** shown above the fields (an admin editing someone else's schedule) */
  warning?: React.ReactNode;
  /** sends the data; a throw keeps the editor open (the caller shows the toast) */
  onSave: (data: ScheduleData) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useTranslations("schedules");
  const words = useScheduleWords();
  const { locale } = words;
  const bounds = { min: boundText(POWER_MIN, locale), max: boundText(POWER_MAX, locale) };
  const start = useMemo(() => draftFrom(initial), [initial]);
  const [draft, setDraft] = useState<ScheduleDraft>(start);
  // a save tried (since the last split: a split starts the parts afresh, its shared months are
  // guidance until the user tries to save them)
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const nameId = useId();
  const suggestionsId = useId();
  // the household's own devices and what they measure, offered as names (any other name is fine too)
  const { data: devices } = useDeviceInfoList();
  const suggestions = useMemo(
    () => [...new Set((devices ?? []).flatMap((d) => [d.device_id, ...d.metadata.map((m) => m.display_name ?? "")]).filter(Boolean))].sort((a, b) => a.localeCompare(b)),
    [devices],
  );

  const dirty = !sameDraft(draft, start);
  const check = validateDraft(draft, (message) => t(`errors.${message}`, message === "nameTooLong" ? { max: NAME_MAX } : bounds));
  const errors = tried && check.errors ? check.errors : {};
  const overlap = draftOverlap(draft);
  const split = Boolean(draft.schedules?.length);
  // a new schedule starts at 0 W, which cannot be saved: the footer says what to do first
  const needsPower = !split && (parsePower(draft.average_power) ?? 0) < POWER_MIN;

  const change = (target: DraftTarget) => (patch: Partial<PartDraft>) => setDraft((d) => withPart(d, target, patch));
  const preview = planOf({ ...draft, average_power: parsePower(draft.average_power), schedules: draft.schedules?.map((p) => ({ ...p, average_power: parsePower(p.average_power) })) }, words);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !dirty) return;
    setTried(true);
    if (!check.data) {
      // after React has drawn the messages: the first field in error (or the overlap) gets the focus
      requestAnimationFrame(() => {
        const box = formRef.current?.querySelector<HTMLElement>("[data-invalid]");
        const target = box?.matches("input, button, [tabindex]") ? box : box?.querySelector<HTMLElement>("input, button:not([disabled])");
        target?.focus();
      });
      return;
    }
    setBusy(true);
    try {
      await onSave(check.data);
    } catch {
      // the toast has told what went wrong; the changes stay for another try
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      component="form"
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={title}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, borderColor: "primary.main", boxShadow: 3 }}
    >
      <Text variant="h2" sx={{ fontSize: { xs: "1.3rem", sm: "1.5rem" }, mb: 2 }}>
        {title}
      </Text>
      {warning}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2.5}>
            <TextField
              id={nameId}
              label={t("editor.name")}
              autoFocus
              value={draft.der_name}
              onChange={(e) => setDraft((d) => ({ ...d, der_name: e.target.value }))}
              error={Boolean(errors.der_name)}
              helperText={errors.der_name ?? (suggestions.length ? t("editor.nameHelpDevices") : t("editor.nameHelp"))}
              slotProps={{ htmlInput: { maxLength: 100, list: suggestions.length ? suggestionsId : undefined, "data-invalid": errors.der_name ? "" : undefined } }}
              fullWidth
            />
            {suggestions.length > 0 && (
              <datalist id={suggestionsId}>
                {suggestions.map((n) => (
                  <option key={n} value={n} />
                ))}
              </datalist>
            )}
            <Section title={t("editor.main")} note={split ? t("editor.mainDisabled") : undefined}>
              <PartFields part={draft} target="main" errors={errors} disabled={split} onChange={change("main")} />
            </Section>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
              <Button variant="outlined" startIcon={<CallSplitRounded />} disabled={split} onClick={() => (setDraft(splitDraft), setTried(false))}>
                {t("editor.split")}
              </Button>
              {split ? (
                <Button variant="text" color="inherit" startIcon={<MergeRounded />} onClick={() => setDraft(unsplitDraft)}>
                  {t("editor.unsplit")}
                </Button>
              ) : (
                <Text variant="body2" color="textSecondary" sx={{ flex: "1 1 240px" }}>
                  {t("editor.splitHint", { parts: MAX_PARTS })}
                </Text>
              )}
            </Box>
            {split && overlap.length > 0 && !tried && (
              // right after a split both parts hold every month (the split copies them): what to
              // do next, not yet an error
              <Notice severity="info" role="status">
                <NoticeTitle>{t("editor.guidanceTitle")}</NoticeTitle>
                {t("editor.guidanceText")}
                <Box component="span" sx={{ display: "block", mt: 0.5, fontWeight: 600 }}>
                  {t("editor.overlapping", { months: monthNames(overlap, locale) })}
                </Box>
              </Notice>
            )}
            {split && overlap.length > 0 && tried && (
              <Notice severity="error" role="alert" tabIndex={-1} data-invalid="" sx={{ "&:focus": { outline: "3px solid", outlineColor: "error.main" } }}>
                <NoticeTitle>{t("editor.incompatibleTitle")}</NoticeTitle>
                {t("editor.incompatibleText")}
                <Box component="span" sx={{ display: "block", mt: 0.5, fontWeight: 600 }}>
                  {t("editor.overlapping", { months: monthNames(overlap, locale) })}
                </Box>
              </Notice>
            )}
            {draft.schedules?.map((p, i) => (
              <Section key={i} title={words.part(i + 1)} tone={TONES[i % TONES.length]}>
                <PartFields part={partOf(draft, i)} target={i} errors={errors} flaggedMonths={overlap} onChange={change(i)} />
              </Section>
            ))}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Box component="section" aria-label={t("editor.preview")} sx={{ position: { md: "sticky" }, top: { md: 88 } }}>
            <Text variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              {t("editor.glance")}
            </Text>
            <Stack spacing={2} sx={{ bgcolor: "background.default", borderRadius: 2, p: { xs: 1.5, sm: 2 } }}>
              {preview.map((part, i) => (
                <WeekGrid key={i} part={part} tone={TONES[i % TONES.length]} words={words} />
              ))}
            </Stack>
          </Box>
        </Grid>
      </Grid>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mt: 3, pt: 2, borderTop: 1, borderColor: "divider" }}>
        <SubmitButton busy={busy} disabled={!dirty}>
          {t("editor.save")}
        </SubmitButton>
        <Button size="large" onClick={onCancel} disabled={busy}>
          {t("editor.cancel")}
        </Button>
        {tried && check.errors && (
          <Text role="alert" variant="body2" color="error" sx={{ flex: "1 1 220px" }}>
            {Object.keys(check.errors).every((k) => k === "schedules") ? t("editor.notSavedOverlap") : t("editor.notSavedFields")}
          </Text>
        )}
        {!tried && needsPower ? (
          <Text variant="body2" color="textSecondary">
            {t("editor.needsPower", bounds)}
          </Text>
        ) : (
          !dirty &&
          !tried && (
            <Text variant="body2" color="textSecondary">
              {t("editor.nothing")}
            </Text>
          )
        )}
      </Box>
    </Paper>
  );
}
