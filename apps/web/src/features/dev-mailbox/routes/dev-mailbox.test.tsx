import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch, renderApp } from '@/test/utils';
import { splitLinks } from '../components/linkified-text';

describe('splitLinks', () => {
  it('finds http(s) links and leaves sentence punctuation outside', () => {
    expect(splitLinks('Apri http://localhost:3000/login?confirm=abc. Grazie')).toEqual([
      { type: 'text', value: 'Apri ' },
      { type: 'link', value: 'http://localhost:3000/login?confirm=abc' },
      { type: 'text', value: '. Grazie' },
    ]);
    expect(splitLinks('niente link')).toEqual([{ type: 'text', value: 'niente link' }]);
  });
});

describe('Dev mailbox page', () => {
  it('lists mails newest first with clickable links and no injected HTML', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        messages: [
          {
            id: '1',
            to: 'old@example.com',
            subject: 'Vecchia',
            text: 'ciao',
            html: null,
            createdAt: '2025-01-01T10:00:00.000Z',
          },
          {
            id: '2',
            to: 'mario@example.com',
            subject: 'Conferma il tuo account',
            text: 'Conferma: http://localhost:3000/login?confirm=tok <b>bold</b>',
            html: '<p>html</p>',
            createdAt: '2025-01-02T10:00:00.000Z',
          },
        ],
      }),
    );
    await renderApp({ url: paths.devMailbox.getHref() });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Conferma il tuo account', 'Vecchia']);
    expect(screen.getByRole('link', { name: 'http://localhost:3000/login?confirm=tok' })).toHaveAttribute(
      'href',
      'http://localhost:3000/login?confirm=tok',
    );
    expect(screen.getByText(/<b>bold<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('shows the 404 page when the server has no mailbox', async () => {
    mockFetch(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }));
    await renderApp({ url: paths.devMailbox.getHref() });
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeInTheDocument();
  });
});
