// Answers shared by many operations: the error body (lib/http/errors.ts), `{msg}`, tokens, health.
import { z } from "zod";
import type { tokenResponseBody } from "@/lib/auth/tokens";
import type { FieldError } from "@/lib/errors";
import { STATUS_ERROR_CODES } from "@/lib/shared/error-codes.mjs";
import type { Assert, Same } from "../same-type";

export const fieldErrorSchema = z.object({
  path: z.string().meta({ description: "dot-separated, relative to the request body (or the query parameter's name)" }),
  message: z.string(),
});
type _FieldError = Assert<Same<z.output<typeof fieldErrorSchema>, FieldError>>;

const errorCode = z.string().meta({
  description: `machine-readable: the status's (${[...new Set(Object.values(STATUS_ERROR_CODES))].join(", ")}) or a more precise one`,
});

/**
 * Every error: `detail` and `code` always; `errors` on 422. Some errors carry more (a vendor
 * failure's `results`, an import's bad `line`): the object stays open to them.
 */
export const errorSchema = z.looseObject({
  detail: z.string().meta({ description: "one human sentence" }),
  code: errorCode,
  errors: z.array(fieldErrorSchema).optional(),
});

export const messageSchema = z.object({ msg: z.string() });

export const tokenSchema = z.object({
  access_token: z.string().meta({ description: "a signed JWT (claims sub, email, permissions, accepted_tos, iat, exp)" }),
  token_type: z.literal("bearer"),
});
type _Token = Assert<Same<z.output<typeof tokenSchema>, ReturnType<typeof tokenResponseBody>>>;

/** GET /api/health (app/api/health/route.ts builds both answers inline). */
export const healthSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export const healthDownSchema = z.object({ status: z.literal("error"), database: z.literal("unreachable"), detail: z.string() });
