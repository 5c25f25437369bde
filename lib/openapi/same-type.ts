// A compile-time tie between a response schema and the code that builds the response: a view
// changed without its schema (or the other way round) fails `tsc`.

/** Each assignable to the other: a property added, removed, made optional or nullable on one side shows. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only when `T` is `true`: `type _UserView = Assert<Same<z.output<typeof userViewSchema>, UserView>>`. */
export type Assert<T extends true> = T;
