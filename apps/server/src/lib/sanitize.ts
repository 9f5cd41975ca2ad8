import { ALLOWED_RULES_TAGS } from '@fantarift/core';
import sanitizeHtml from 'sanitize-html';

const BLOCK_TAGS = /<(p|br|ol|ul|li)\b/i;

/**
 * DECISIONS 27: rules text keeps only p, br, strong, em, u, ol, ul, li, with no attributes; everything
 * else (scripts, iframes, handlers, links) is dropped. Plain text keeps its line breaks as <br>.
 */
export function sanitizeRulesText(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: [...ALLOWED_RULES_TAGS],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  }).trim();
  return BLOCK_TAGS.test(clean) ? clean : clean.replace(/\r\n|\r|\n/g, '<br>');
}
