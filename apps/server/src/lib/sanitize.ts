import { ALLOWED_RULES_TAGS } from '@fantarift/core';
import sanitizeHtml from 'sanitize-html';

/** DECISIONS 27: rules text keeps only p, br, strong, em, u, ol, ul, li, with no attributes. */
export function sanitizeRulesText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...ALLOWED_RULES_TAGS],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  }).trim();
}
