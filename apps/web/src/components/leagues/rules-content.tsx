import { ALLOWED_RULES_TAGS } from '@fantarift/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';

const HAS_TAG = /<\/?[a-z][^>]*>/i;
const ENDS_WITH_BLOCK_TAG = /<\/?(p|ol|ul|li|br)\b[^>]*>\s*$/i;
const STARTS_WITH_BLOCK_TAG = /^\s*<\/?(p|ol|ul|li|br)\b/i;

/**
 * An admin may mix block tags with plain lines ("<p>Regole</p>\n1. …\n2. …"): a line break between two
 * plain lines becomes <br>, one next to a block tag is only layout of the source and stays a space.
 */
export function withLineBreaks(html: string): string {
  const lines = html.split(/\r?\n/);
  let out = lines[0] ?? '';
  for (const line of lines.slice(1)) {
    const joinAsBreak =
      !ENDS_WITH_BLOCK_TAG.test(out) && !STARTS_WITH_BLOCK_TAG.test(line) && out.trim() !== '';
    out += joinAsBreak ? `<br>${line}` : `\n${line}`;
  }
  return out;
}

/**
 * A league's rules (DECISIONS 27). The server already sanitises them when saved; the
 * browser sanitises again (allowed tags only, no attributes) and renders only the
 * purified string. Plain text keeps its line breaks.
 */
export function RulesContent({ text, className }: { text: string; className?: string }) {
  const html = useMemo(
    () =>
      HAS_TAG.test(text)
        ? DOMPurify.sanitize(withLineBreaks(text), {
            ALLOWED_TAGS: [...ALLOWED_RULES_TAGS],
            ALLOWED_ATTR: [],
          })
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
