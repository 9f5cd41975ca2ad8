import { ALLOWED_RULES_TAGS } from '@fantarift/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';

const HAS_TAG = /<\/?[a-z][^>]*>/i;

/**
 * A league's rules (DECISIONS 27). The server already sanitises them when saved; the
 * browser sanitises again (allowed tags only, no attributes) and renders only the
 * purified string. Plain text keeps its line breaks.
 */
export function RulesContent({ text, className }: { text: string; className?: string }) {
  const html = useMemo(
    () =>
      HAS_TAG.test(text)
        ? DOMPurify.sanitize(text, { ALLOWED_TAGS: [...ALLOWED_RULES_TAGS], ALLOWED_ATTR: [] })
        : null,
    [text],
  );
  const classes = cn(
    'space-y-2 text-sm leading-relaxed [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5',
    className,
  );
  if (html === null) {
    return (
      <div data-testid="rules-content" className={cn(classes, 'whitespace-pre-line')}>
        {text}
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the string is DOMPurify's output with a tag allow-list and no attributes.
  return <div data-testid="rules-content" className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
