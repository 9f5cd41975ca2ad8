import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { ThemeMenu } from './theme-menu';

describe('ThemeMenu', () => {
  it('defaults to System and stores the chosen theme under "theme"', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ThemeMenu />);

    await user.click(screen.getByRole('button', { name: 'Tema' }));
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Tema' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('applies a theme saved earlier', () => {
    localStorage.setItem('theme', 'dark');
    renderWithProviders(<ThemeMenu />);
    expect(document.documentElement).toHaveClass('dark');
  });
});
