// Account schemas shared by the forms and the route handlers (no server imports here).
import { z } from "./zod";
import { PASSWORD_MIN } from "./limits";

const PASSWORD_MAX_BYTES = 72; // bcrypt ignores anything past 72 bytes
const EMAIL_MAX = 254; // RFC 5321's limit on a forward path
/**
 * A password given to be checked (login, current password): passwords are set at 72 bytes at
 * most, but one set before that rule (or by the seed) may be longer; bcrypt reads 72 bytes anyway.
 */
const CHECKED_PASSWORD_MAX = 1024;
/** A reset token is 43 characters (32 random bytes, base64url); anything much longer is not one. */
const RESET_TOKEN_MAX = 128;
const EMAIL_TOO_LONG = "The e-mail address is too long";

const required = (missing: string) =>
  z.string({ error: (i) => (i.input === undefined || i.input === null ? missing : "Must be text") });

/** An e-mail address: trimmed, lower-cased, required with the given message; the length is checked first. */
export const emailField = (missing = "Email was not provided") =>
  required(missing).trim().toLowerCase().min(1, missing).max(EMAIL_MAX, EMAIL_TOO_LONG).pipe(z.email("Enter a valid e-mail address"));

const tooLong = `Password must be at most ${PASSWORD_MAX_BYTES} bytes`;
/** A new password: 8 characters to 72 bytes (more than 72 characters is more than 72 bytes: no encoding needed). */
export const newPasswordField = (missing = "Password was not provided") =>
  required(missing)
    .min(1, missing)
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX_BYTES, { error: tooLong, abort: true })
    .refine((p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES, tooLong);

/** A password to check against a stored hash, required with the given message. */
const checkedPasswordField = (missing: string) =>
  required(missing).min(1, missing).max(CHECKED_PASSWORD_MAX, `Password must be at most ${CHECKED_PASSWORD_MAX} characters`);

const LOGIN_MISSING = "Email or password was not provided";

/** POST /api/token (OAuth2 password flow field names). */
export const loginSchema = z.object({
  username: required(LOGIN_MISSING).trim().toLowerCase().min(1, LOGIN_MISSING).max(EMAIL_MAX, EMAIL_TOO_LONG),
  password: checkedPasswordField(LOGIN_MISSING),
});

/** POST /api/password-recovery/{email}: the path segment (any text up to an e-mail's length). */
export const recoveryParamsSchema = z.object({
  email: required("Email was not provided").trim().toLowerCase().min(1, "Email was not provided").max(EMAIL_MAX, EMAIL_TOO_LONG),
});

/** POST /api/signup */
export const signupSchema = z.object({
  username: emailField(),
  password: newPasswordField(),
});

const confirmField = checkedPasswordField("Password confirmation was not provided");
const matching = <T extends { password: string; confirm: string }>(v: T) => v.password === v.confirm;
const mismatch = { message: "Passwords do not match", path: ["confirm"] };

/** The signup form: e-mail, password and its confirmation. */
export const signupFormSchema = z
  .object({ email: emailField(), password: newPasswordField(), confirm: confirmField })
  .refine(matching, mismatch);

/** The login form. */
export const loginFormSchema = z.object({
  email: required(LOGIN_MISSING).trim().min(1, LOGIN_MISSING).max(EMAIL_MAX, EMAIL_TOO_LONG),
  password: checkedPasswordField(LOGIN_MISSING),
  remember: z.boolean().default(false),
});

/** The forgot-password form. */
export const forgotPasswordFormSchema = z.object({ email: emailField() });

/** POST /api/reset-password/ */
export const resetPasswordSchema = z.object({
  token: required("Token was not provided").min(1, "Token was not provided").max(RESET_TOKEN_MAX, "Invalid or expired token"),
  new_password: newPasswordField(),
});

/** The reset-password form (the token comes from the link). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField(), confirm: confirmField })
  .refine(matching, mismatch);

/** POST /api/v1/users/me/password */
export const passwordChangeSchema = z.object({
  current_password: checkedPasswordField("Current password was not provided"),
  new_password: newPasswordField(),
});

/** The password form of My Account. */
export const passwordChangeFormSchema = z
  .object({ current_password: passwordChangeSchema.shape.current_password, password: newPasswordField(), confirm: confirmField })
  .refine(matching, mismatch);

/** POST /api/v1/users/me/delete: the password confirms deleting the account. */
export const accountDeleteSchema = z.object({
  password: checkedPasswordField("Password was not provided"),
});

/** POST /api/v1/users/me/email: the password and the new address (normalised as at signup). */
export const emailChangeSchema = z.object({
  password: checkedPasswordField("Password was not provided"),
  new_email: emailField(),
});
