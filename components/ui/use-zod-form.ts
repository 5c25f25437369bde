"use client";
import { useCallback, useMemo, useRef, useState, type ChangeEvent, type Dispatch, type FormEvent, type SetStateAction } from "react";
import type { z } from "zod";
import { errorMessage, FetchError, serverFieldErrors, UNREACHABLE } from "@/lib/swr/fetcher";
import { useApiText } from "@/components/i18n/api-texts";
import { focusField } from "./reveal";

type FieldValue = string | boolean | null | undefined;
type Values = Record<string, FieldValue>;
type StringKeys<V> = { [K in keyof V]-?: V[K] extends string | null | undefined ? K : never }[keyof V] & string;
type BoolKeys<V> = { [K in keyof V]-?: V[K] extends boolean | null | undefined ? K : never }[keyof V] & string;

/** What a submit handler may answer: "keep-busy" when it navigates away and the form should stay disabled. */
type SubmitResult = void | "keep-busy";

/**
 * Where a form's schema comes from: `() => import("@/lib/validation/auth").then((m) => m.loginFormSchema)`.
 * The page then ships without zod and the schemas; they load when the form is first typed into
 * (or submitted), long before they are needed.
 */
type SchemaLoader<S> = () => Promise<S>;

/** Field messages by the dotted path of the schema's input ("name", "data.channels.0.name"); "" is the form's own. */
type FieldErrors = Partial<Record<string, string>>;

/** What a TextField (or PasswordField, or a NativeSelectField) bound to one field receives. */
type FieldProps = {
  id: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error: boolean;
  helperText: string | undefined;
};

export type ZodForm<V, Out> = {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  setValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  /** Drops the messages of `path` and of everything under it (rows that move would keep wrong ones). */
  clearErrors: (path: string) => void;
  serverError: string | null;
  setServerError: Dispatch<SetStateAction<string | null>>;
  /** the machine-readable `code` of the answer behind `serverError`, when the server gave one (a form may offer a way out) */
  serverErrorCode: string | null;
  busy: boolean;
  /** Props of a field at `path` of the schema's input, whatever the form keeps it as: typing calls `set` and clears its message. */
  bind: (path: string, value: string, set: (value: string) => void) => FieldProps;
  /** Props for a TextField bound to a top-level text field of the values. */
  text: (name: StringKeys<V>) => FieldProps;
  /** Props for a Checkbox bound to a top-level boolean field of the values. */
  checkbox: (name: BoolKeys<V>) => { name: string; checked: boolean; onChange: (e: ChangeEvent<HTMLInputElement>, checked: boolean) => void };
  /** An onSubmit handler: validates, then runs `handler` with the parsed values (and the input parsed) while `busy`. */
  submit: (handler: (data: Out, input: unknown) => Promise<SubmitResult>) => (e: FormEvent<HTMLFormElement>) => Promise<void>;
};

/** Every message of a failed parse by its full path, the first one per path. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * A shared schema (lib/validation) as a form of text fields sees it. The schemas take what a form
 * holds ("" for no value, "12" for an id, "45.5" for a coordinate) through preprocessors, whose
 * input type is `unknown`; this names that input, for useZodForm. Same schema, same checks.
 */
export function asTextForm<V extends Record<string, string | boolean>>() {
  return <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<z.output<S>, V>;
}

/** The element to focus for a field in error: a select's named input is hidden, its combobox beside it takes the focus. */
function focusTarget(form: HTMLFormElement, errors: Record<string, string>): HTMLElement | null {
  const first = Object.keys(errors).find((k) => k && form.elements.namedItem(k));
  const el = first ? form.elements.namedItem(first) : null;
  if (el instanceof HTMLInputElement && el.getAttribute("aria-hidden") === "true") return el.parentElement?.querySelector<HTMLElement>('[role="combobox"]') ?? null;
  return el instanceof HTMLElement ? el : null;
}

/**
 * State, validation and submission of a form validated by one of the shared zod schemas
 * (lib/validation), loaded on first use (SchemaLoader). Field messages come from the schema, keyed by their full path, so nested
 * fields (a channel's name at `data.channels.0.name`) get their own. Whatever the submit handler
 * throws becomes `serverError` (errorMessage: the server's `detail`), and a 422's `errors[]` the
 * fields' messages. `errors` and `serverError` are read in the page's language (useApiText: the
 * schemas and the API speak English); they are kept as they came, so `setErrors` takes either.
 *
 *   const loginSchema = () => import("@/lib/validation/auth").then((m) => m.loginFormSchema);
 *   const form = useZodForm(loginSchema, { email: "", password: "", remember: false });
 *   <form noValidate onSubmit={form.submit(async (data) => { ... })}>
 *     <TextField label="Email" {...form.text("email")} />
 *
 * A form whose values are not the schema's input (rows with React keys, fields grouped otherwise)
 * passes `toInput`, and binds its fields with `bind(path, value, set)` by the input's paths.
 */
export function useZodForm<S extends z.ZodType<unknown, Values>>(schema: SchemaLoader<S>, initial: z.input<S>): ZodForm<z.input<S>, z.output<S>>;
export function useZodForm<S extends z.ZodType, V extends object>(schema: SchemaLoader<S>, initial: V | (() => V), toInput: (values: V) => unknown): ZodForm<V, z.output<S>>;
export function useZodForm<S extends z.ZodType, V extends object>(schema: SchemaLoader<S>, initial: V | (() => V), toInput?: (values: V) => unknown): ZodForm<V, z.output<S>> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverErrorCode, setServerErrorCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const apiText = useApiText();
  const shown = useMemo(() => Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, m && apiText(m)])) as FieldErrors, [errors, apiText]);
  const loaded = useRef<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);
  /** a submit waiting for the schema: another one meanwhile is the same click twice */
  const waiting = useRef(false);

  // the first keystroke starts loading the schema (a failed load is tried again at the next one)
  const loadSchema = useCallback(() => {
    loading.current ??= schema().then(
      (s) => (loaded.current = s),
      (err: unknown) => {
        loading.current = null;
        throw err;
      },
    );
    return loading.current;
  }, [schema]);
  const prepare = useCallback(() => {
    if (!loaded.current) loadSchema().catch(() => {});
  }, [loadSchema]);

  const clearError = useCallback(
    (path: string) => {
      prepare();
      setErrors((e) => (e[path] ? { ...e, [path]: undefined } : e));
    },
    [prepare],
  );
  const clearErrors = useCallback(
    (path: string) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== path && !k.startsWith(`${path}.`)))),
    [],
  );

  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      clearError(name);
    },
    [clearError],
  );

  const bind = (path: string, value: string, set: (value: string) => void): FieldProps => ({
    id: path.replace(/\./g, "-"),
    name: path,
    value,
    onChange: (e) => {
      set(e.target.value);
      clearError(path);
    },
    error: Boolean(shown[path]),
    helperText: shown[path] || undefined,
  });

  const text = (name: StringKeys<V>) => bind(name, String(values[name] ?? ""), (v) => setValues((s) => ({ ...s, [name]: v })));

  const checkbox = (name: BoolKeys<V>) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (_e: ChangeEvent<HTMLInputElement>, checked: boolean) => setValue(name, checked as V[typeof name]),
  });

  const submit = (handler: (data: z.output<S>, input: unknown) => Promise<SubmitResult>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || waiting.current) return;
    const form = e.currentTarget;
    const input = toInput ? toInput(values) : values;
    let validator = loaded.current;
    if (!validator) {
      waiting.current = true;
      try {
        validator = await loadSchema();
      } catch {
        // the schema's code could not be fetched: the server is out of reach
        setServerError(UNREACHABLE);
        return;
      } finally {
        waiting.current = false;
      }
    }
    const parsed = validator.safeParse(input);
    if (!parsed.success) {
      const next = issuesByPath(parsed.error.issues);
      setErrors(next);
      setServerError(next[""] ?? null);
      const target = focusTarget(form, next);
      if (target) focusField(target);
      return;
    }
    setErrors({});
    setServerError(null);
    setServerErrorCode(null);
    setBusy(true);
    let keepBusy = false;
    try {
      keepBusy = (await handler(parsed.data, input)) === "keep-busy";
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setServerError(errorMessage(err));
      setServerErrorCode(err instanceof FetchError ? err.code : null);
    } finally {
      if (!keepBusy) setBusy(false);
    }
  };

  return { values, setValues, setValue, errors: shown, setErrors, clearErrors, serverError: serverError && apiText(serverError), setServerError, serverErrorCode, busy, bind, text, checkbox, submit };
}
