import { welcomeHeadingHtml } from '@fantarift/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WelcomeHeading } from './welcome-dashboard';

describe('WelcomeHeading', () => {
  it('draws exactly the markup the server’s shell paints before the app runs', () => {
    for (const email of ['mario.rossi@example.it', 'a<b>&"c"@x.io', 'nodots']) {
      const { container, unmount } = render(<WelcomeHeading email={email} />);
      // the shell's markup as a browser reads it (a quote in text needs no escape: same page either way)
      const shell = document.createElement('template');
      shell.innerHTML = welcomeHeadingHtml(email);
      expect(container.innerHTML).toBe(shell.innerHTML);
      expect(shell.content.querySelectorAll('wbr')).toHaveLength(email.split(/[@.]/).length - 1);
      unmount();
    }
  });
});
