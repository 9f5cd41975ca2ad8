import { CircleAlert } from 'lucide-react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** Unique messages of a form's field errors, in field order. */
export function errorMessages<T extends FieldValues>(errors: FieldErrors<T>): string[] {
  const messages = new Set<string>();
  for (const error of Object.values(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) messages.add(message);
  }
  return [...messages];
}

/**
 * One summary of the validation messages above the submit button. Several empty
 * fields share "Compila tutti i campi", so it is said once rather than per field.
 */
export function FormErrors({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert id={id} variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertDescription>
        {messages.length === 1 ? (
          <p>{messages[0]}</p>
        ) : (
          <ul className="list-disc space-y-0.5 pl-4">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
