import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
// Punctuation that ends a sentence rather than the link ("...: http://x/confirm.").
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export type TextPart = { type: 'text'; value: string } | { type: 'link'; value: string };

/** Splits plain text into text and http(s) links; nothing is ever parsed as HTML. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.type === 'text') last.value += value;
    else parts.push({ type: 'text', value });
  };
  // split() with a capturing group puts the links at the odd indexes.
  for (const [index, chunk] of text.split(URL_PATTERN).entries()) {
    if (index % 2 === 0) {
      pushText(chunk);
      continue;
    }
    const trailing = chunk.match(TRAILING_PUNCTUATION)?.[0] ?? '';
    parts.push({ type: 'link', value: chunk.slice(0, chunk.length - trailing.length) });
    pushText(trailing);
  }
  return parts;
}

export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.type === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are derived from immutable text
            key={index}
            href={part.value}
            className="break-all font-medium text-primary underline underline-offset-2"
          >
            {part.value}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are derived from immutable text
          <Fragment key={index}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}
