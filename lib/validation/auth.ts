// Account schemas shared by the forms and the route handlers (no server imports here).
import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX_BYTES = 72; // bcrypt ignores anything past 72 bytes

const required = (missing: string) =>
  z.string({ error: (i) => (i.input === undefined || i.input === null ? missing : "Must be text") });

/** An e-mail address: trimmed, lower-cased, required with the given message. */
export const emailField = (missing = "Email was not provided") =>
  required(missing).trim().toLowerCase().min(1, missing).pipe(z.email("Enter a valid e-mail address").max(254, "The e-mail address is too long"));

/** A new password: 8 characters to 72 bytes. */
export const newPasswordField = (missing = "Password was not provided") =>
  required(missing)
    .min(1, missing)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .refine((p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES, `Password must be at most ${PASSWORD_MAX_BYTES} bytes`);

const LOGIN_MISSING = "Email or password was not provided";

/** POST /api/token (OAuth2 password flow field names). */
export const loginSchema = z.object({
  username: required(LOGIN_MISSING).trim().toLowerCase().min(1, LOGIN_MISSING),
  password: required(LOGIN_MISSING).min(1, LOGIN_MISSING),
});

/** POST /api/signup */
export const signupSchema = z.object({
  username: emailField(),
  password: newPasswordField(),
});

const confirmField = required("Password confirmation was not provided").min(1, "Password confirmation was not provided");
const matching = <T extends { password: string; confirm: string }>(v: T) => v.password === v.confirm;
const mismatch = { message: "Passwords do not match", path: ["confirm"] };

/** The signup form: e-mail, password and its confirmation. */
export const signupFormSchema = z
  .object({ email: emailField(), password: newPasswordField(), confirm: confirmField })
  .refine(matching, mismatch);
export type SignupForm = z.infer<typeof signupFormSchema>;

/** The login form. */
export const loginFormSchema = z.object({
  email: required(LOGIN_MISSING).trim().min(1, LOGIN_MISSING),
  password: required(LOGIN_MISSING).min(1, LOGIN_MISSING),
  remember: z.boolean().default(false),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** The forgot-password form. */
export const forgotPasswordFormSchema = z.object({ email: emailField() });

/** POST /api/reset-password/ */
export const resetPasswordSchema = z.object({
  token: required("Token was not provided").min(1, "Token was not provided"),
  new_password: newPasswordField(),
});

/** The reset-password form (the token comes from the link). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField(), confirm: confirmField })
  .refine(matching, mismatch);

/** POST /api/v1/users/me/password */
export const passwordChangeSchema = z.object({
  current_password: required("Current password was not provided").min(1, "Current password was not provided"),
  new_password: newPasswordField(),
});

/** The password form of My Account. */
export const passwordChangeFormSchema = z
  .object({ current_password: passwordChangeSchema.shape.current_password, password: newPasswordField(), confirm: confirmField })
  .refine(matching, mismatch);
