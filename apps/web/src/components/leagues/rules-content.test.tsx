import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RulesContent } from './rules-content';

describe('RulesContent (DECISIONS 27)', () => {
  it('keeps the allowed tags and drops scripts, other tags and every attribute', () => {
    render(
      <RulesContent
        text={
          '<p onclick="alert(1)" style="color:red"><strong>Regole</strong></p><script>alert(1)</script><ol><li><a href="javascript:alert(1)">uno</a></li></ol><img src=x onerror="alert(1)"><iframe src="https://evil"></iframe>'
        }
      />,
    );
    const box = screen.getByTestId('rules-content');
    expect(box.innerHTML).toBe('<p><strong>Regole</strong></p><ol><li>uno</li></ol>');
    expect(box).not.toHaveClass('whitespace-pre-line');
  });

  it('shows plain text with its line breaks and without interpreting it', () => {
    render(<RulesContent text={'Prima regola\nSeconda regola'} />);
    const box = screen.getByTestId('rules-content');
    expect(box).toHaveClass('whitespace-pre-line');
    expect(box.textContent).toBe('Prima regola\nSeconda regola');
  });

  it('keeps the line breaks of plain lines mixed with block tags', () => {
    render(<RulesContent text={'<p><strong>Regole</strong></p>\n1. Uno\n2. Due\n3. Tre'} />);
    const box = screen.getByTestId('rules-content');
    expect(box.innerHTML).toBe('<p><strong>Regole</strong></p>\n1. Uno<br>2. Due<br>3. Tre');
  });

  it('adds no break inside a list written over several lines', () => {
    render(<RulesContent text={'<ol>\n<li>uno</li>\n<li>due</li>\n</ol>'} />);
    expect(screen.getByTestId('rules-content').innerHTML).toBe('<ol>\n<li>uno</li>\n<li>due</li>\n</ol>');
  });
});
