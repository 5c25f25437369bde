"use client";
import { useCallback, useState, type ChangeEvent, type FormEvent } from "react";
import type { z } from "zod";
import { errorMessage } from "@/lib/swr/fetcher";

type FieldValue = string | boolean | null | undefined;
type Values = Record<string, FieldValue>;
type StringKeys<V> = { [K in keyof V]-?: V[K] extends string | null | undefined ? K : never }[keyof V] & string;
type BoolKeys<V> = { [K in keyof V]-?: V[K] extends boolean | null | undefined ? K : never }[keyof V] & string;

/** What a submit handler may answer: "keep-busy" when it navigates away and the form should stay disabled. */
export type SubmitResult = void | "keep-busy";

// moved to lib/swr/fetcher.ts: every client component turns errors into words there
export { errorMessage };

/**
 * State, validation and submission of a form validated by one of the shared zod schemas
 * (lib/validation). Field messages come from the schema; whatever the submit handler throws
 * (a FetchError carries the server's `detail`) becomes `serverError`, shown in a FormErrorAlert.
 *
 *   const form = useZodForm(loginFormSchema, { email: "", password: "", remember: false });
 *   <form noValidate onSubmit={form.submit(async (data) => { ... })}>
 *     <TextField label="Email" {...form.text("email")} />
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(schema: S, initial: z.input<S>) {
  type In = z.input<S>;
  const [values, setValues] = useState<In>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setValue = useCallback(<K extends keyof In & string>(name: K, value: In[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }, []);

  /** Props for a TextField (or PasswordField) bound to a text field of the schema. */
  const text = (name: StringKeys<In>) => ({
    name,
    id: name,
    value: String(values[name] ?? ""),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, e.target.value as In[typeof name]),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  /** Props for a Checkbox bound to a boolean field of the schema. */
  const checkbox = (name: BoolKeys<In>) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (_e: ChangeEvent<HTMLInputElement>, checked: boolean) => setValue(name, checked as In[typeof name]),
  });

  /** An onSubmit handler: validates, then runs `handler` with the parsed values while `busy`. */
  const submit = (handler: (data: z.output<S>) => Promise<SubmitResult>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.length ? String(issue.path[0]) : "";
        if (!(key in next)) next[key] = issue.message;
      }
      setErrors(next);
      setServerError(next[""] ?? null);
      const first = Object.keys(next).find((k) => k && form.elements.namedItem(k));
      const el = first ? form.elements.namedItem(first) : null;
      if (el instanceof HTMLElement) el.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setBusy(true);
    let keepBusy = false;
    try {
      keepBusy = (await handler(parsed.data)) === "keep-busy";
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      if (!keepBusy) setBusy(false);
    }
  };

  return { values, setValues, setValue, errors, setErrors, serverError, setServerError, busy, text, checkbox, submit };
}
