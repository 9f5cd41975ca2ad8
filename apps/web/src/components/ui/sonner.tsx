import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme';

/** DECISIONS 25: bottom-right, at most 3 visible, 5 s. */
export const TOAST_DURATION_MS = 5000;
export const MAX_VISIBLE_TOASTS = 3;

export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      position="bottom-right"
      visibleToasts={MAX_VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      containerAriaLabel="Notifiche"
      // index.css raises this on phones so toasts clear the fixed bottom navigation.
      offset={{ bottom: 'var(--toast-offset-bottom)', right: 'var(--toast-offset-side)' }}
      mobileOffset={{ bottom: 'var(--toast-offset-bottom)', right: '12px', left: '12px' }}
      toastOptions={{ closeButtonAriaLabel: 'Chiudi notifica' }}
      {...props}
    />
  );
}
