// The text rule of every client input (bodies, queries, path segments): no NUL and no unpaired
// UTF-16 surrogate. PostgreSQL refuses NUL in text and jsonb, refuses unpaired surrogates in jsonb
// and silently turns them into U+FFFD in text; both are refused up front instead (no server imports).

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const FORBIDDEN = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const NUL_MESSAGE = "Text must not contain the NUL character";
export const SURROGATE_MESSAGE = "Text must not contain an unpaired UTF-16 surrogate";
export const KEY_MESSAGE = "Field names must not contain the NUL character or an unpaired UTF-16 surrogate";
/** Deeper than any body of the contract (a user device's channel quantities sit at depth 6). */
export const MAX_INPUT_DEPTH = 32;
export const DEPTH_MESSAGE = `The request body is nested more than ${MAX_INPUT_DEPTH} levels deep`;

export type TextProblem = { path: string; message: string };

/** Why a string breaks the text rule, or undefined when it keeps it. */
export function textProblem(s: string): string | undefined {
  const m = FORBIDDEN.exec(s);
  if (!m) return undefined;
  return m[0] === "\0" ? NUL_MESSAGE : SURROGATE_MESSAGE;
}

export const isCleanText = (s: string) => !FORBIDDEN.test(s);

/**
 * Every string of a parsed input, object keys included, checked against the text rule; paths are
 * dot-separated from the input's root (a bad key is reported at the object holding it). Iterative,
 * so a deeply nested body cannot overflow the stack; anything deeper than MAX_INPUT_DEPTH is a
 * problem of its own. Returns at most `limit` problems, in document order (an object's bad key
 * before its values).
 */
export function findTextProblems(input: unknown, prefix: readonly (string | number)[] = [], limit = 10): TextProblem[] {
  const problems: TextProblem[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [...prefix] }];
  const at = (path: (string | number)[]) => path.join(".");
  while (stack.length && problems.length < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      const message = textProblem(value);
      if (message) problems.push({ path: at(path), message });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length - prefix.length >= MAX_INPUT_DEPTH) {
      problems.push({ path: at(path), message: DEPTH_MESSAGE });
      continue;
    }
    const children: { value: unknown; path: (string | number)[] }[] = [];
    if (Array.isArray(value)) {
      value.forEach((v, i) => children.push({ value: v, path: [...path, i] }));
    } else {
      let badKey = false;
      for (const [k, v] of Object.entries(value)) {
        if (isCleanText(k)) children.push({ value: v, path: [...path, k] });
        else badKey = true;
      }
      if (badKey) problems.push({ path: at(path), message: KEY_MESSAGE });
    }
    // pushed in reverse so that problems come out in document order
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return problems;
}
