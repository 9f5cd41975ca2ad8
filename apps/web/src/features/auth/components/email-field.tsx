import type * as React from 'react';
import { TextField } from '@/components/text-field';

type EmailFieldProps = Omit<
  React.ComponentProps<typeof TextField>,
  'label' | 'type' | 'autoComplete' | 'inputMode'
>;

/** The e-mail field of the auth forms: its label and the browser's hints for an address. */
export function EmailField(props: EmailFieldProps) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}
