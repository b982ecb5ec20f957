/** The fields of a partial update that were given (zod leaves the others `undefined`). */
export function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The values `row` had for the fields a patch changes: the "before" of an audit entry. */
export function valuesBefore<R extends object>(row: R, patch: object): Partial<R> {
  return Object.fromEntries(Object.keys(patch).map((k) => [k, row[k as keyof R]])) as Partial<R>;
}
