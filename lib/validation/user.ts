// User schemas shared by the account form, the admin and the route handlers.
import { z } from "./zod";
import { emailField, newPasswordField } from "./auth";

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .nullable()
    .transform((v) => (v === "" ? null : v));

/** PUT /api/v1/users/{id}: every field optional. */
export const userUpdateSchema = z.object({
  first_name: name("First name").optional(),
  last_name: name("Last name").optional(),
  email: emailField().optional(),
  password: newPasswordField().optional(),
  is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
  is_superuser: z.boolean({ error: "is_superuser must be true or false" }).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** POST /api/v1/users (admin). */
export const userCreateSchema = z.object({
  email: emailField(),
  password: newPasswordField(),
  first_name: name("First name").optional(),
  last_name: name("Last name").optional(),
  is_active: z.boolean({ error: "is_active must be true or false" }).default(true),
  is_superuser: z.boolean({ error: "is_superuser must be true or false" }).default(false),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/** My Account's profile form. */
export const profileFormSchema = z.object({
  first_name: name("First name"),
  last_name: name("Last name"),
});
