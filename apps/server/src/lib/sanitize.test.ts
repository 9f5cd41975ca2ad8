import { describe, expect, it } from 'vitest';
import { sanitizeRulesText } from './sanitize.ts';

describe('sanitizeRulesText', () => {
  it('keeps the allowed tags without attributes', () => {
    expect(sanitizeRulesText('<p class="x" style="color:red">Ciao <STRONG>tutti</STRONG><br/></p>')).toBe(
      '<p>Ciao <strong>tutti</strong><br /></p>',
    );
  });

  it('drops scripts, handlers, iframes and links', () => {
    expect(sanitizeRulesText('<div>a<script>alert(1)</script>b</div>')).toBe('ab');
    expect(sanitizeRulesText('<a href="javascript:x">link</a><iframe src="x"></iframe>')).toBe('link');
    expect(sanitizeRulesText('<p onclick="steal()">ok</p>')).toBe('<p>ok</p>');
  });

  it('escapes text and keeps plain line breaks', () => {
    expect(sanitizeRulesText('1 < 2 & "tre"\nriga due')).toBe('1 &lt; 2 &amp; "tre"<br>riga due');
  });
});
