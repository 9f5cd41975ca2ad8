import { PAGE_HEADINGS, pageHeadingHtml } from '@fantarift/core';
import { render, screen } from '@testing-library/react';
import { type JSX, lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';
import { PageSuspense } from './page-suspense';

const heading = PAGE_HEADINGS.market;

describe('PageSuspense', () => {
  it('shows the page’s heading while its code loads, then the page draws the same heading', async () => {
    let load: (page: { default: () => JSX.Element }) => void = () => {};
    const Page = lazy(() => new Promise<{ default: () => JSX.Element }>((resolve) => (load = resolve)));
    const { container } = render(
      <PageSuspense heading={heading}>
        <Page />
      </PageSuspense>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Mercato' })).toBeInTheDocument();
    expect(screen.getByText('Compra e vendi giocatori e campioni.')).toBeInTheDocument();
    expect(screen.getByText('Caricamento in corso...')).toBeInTheDocument();
    const fallbackHeader = container.querySelector('header')?.outerHTML;

    load({
      default: () => (
        <>
          <PageHeader {...heading} />
          <p>Giocatori</p>
        </>
      ),
    });
    expect(await screen.findByText('Giocatori')).toBeInTheDocument();
    expect(screen.queryByText('Caricamento in corso...')).not.toBeInTheDocument();
    // the same markup: nothing moves when the page replaces its placeholder
    expect(container.querySelector('header')?.outerHTML).toBe(fallbackHeader);
  });

  it('draws exactly the markup the server’s shell paints before the app runs', () => {
    for (const page of Object.values(PAGE_HEADINGS)) {
      const { container, unmount } = render(<PageHeader {...page} />);
      // React 19 hoists the <title> into <head>: the header itself is what the shell copies
      expect(container.querySelector('header')?.outerHTML).toBe(pageHeadingHtml(page));
      unmount();
    }
  });
});
