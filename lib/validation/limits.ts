// Limits of the shared schemas that forms show before anything is validated ("At least 8
// characters"). No zod here: a page imports these without loading the validation code.

/** A new password's least length, in characters (lib/validation/auth.ts checks it). */
export const PASSWORD_MIN = 8;
