import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FullPageLoader } from './full-page-loader';

describe('FullPageLoader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says it is loading, then after 2 s that loading is slow, with a reload button', () => {
    const onReload = vi.fn();
    render(<FullPageLoader onReload={onReload} />);

    expect(screen.getByRole('status')).toHaveTextContent('Caricamento in corso...');
    expect(screen.queryByRole('button', { name: 'Ricarica' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Caricamento lento rilevato...')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Caricamento lento rilevato...')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
