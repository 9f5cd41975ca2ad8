/** `%text%` for an ILIKE search: the text's own `%`, `_` and `\` match themselves, not any character. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
