// A refusal the whole client earned (its address's limit is full: login, signup, recovery, reset):
// the app's 429 says so to the server in front of it with this header, which the server removes
// and answers that client's next requests to the same path itself, from memory, until the time it
// names (milliseconds), without Next, the body parser or the database (server/refusals.mjs).

export const REFUSED_CLIENT_HEADER = "x-foyer-refused-client-ms";

/** The detail of every 429 a rate limit answers (lib/services/rate-limit, and the server's copy of it). */
export const TOO_MANY_ATTEMPTS = "Too many attempts, please try again later";
