/**
 * A count with its noun, singular for exactly one: `plural(1, "blog")` is "1 blog", `plural(3,
 * "blog")` "3 blogs", `plural(0, "copy", "copies")` "0 copies". The plural is the singular with an
 * "s" unless given.
 */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
