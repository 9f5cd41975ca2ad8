// DECISIONS 27: the tags a league's rules text may keep. Its own module (no zod), so the pages that only
// render rules text do not bring the validation schemas with them.
export const ALLOWED_RULES_TAGS = ['p', 'br', 'strong', 'em', 'u', 'ol', 'ul', 'li'] as const;
