/** The largest value a PostgreSQL `integer` column holds: a larger id could only fail in SQL. */
export const MAX_ID = 2147483647;

/** A positive database id, as a path or query value. */
export const idSchema = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** A list of ids sent as repeated parameters (`?categories=3&categories=7`). */
export const idListSchema = { type: 'array', items: idSchema, maxItems: 50 } as const;

/** A search text: at most 200 characters and no NUL, which PostgreSQL text cannot hold. */
export const searchTextSchema = { type: 'string', maxLength: 200, pattern: '^[^\\u0000]*$' } as const;

/** A slug of a news scope. */
export const slugSchema = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } as const;

/** JSON body of every error answer. */
export const errorBody = (statusCode: number, error: string, message: string) => ({ statusCode, error, message });

/** The query of a call that takes none: any parameter is an error. */
export const noQuerySchema = { querystring: { type: 'object', additionalProperties: false } } as const;
