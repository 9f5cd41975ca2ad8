import { describe, expect, it } from 'vitest';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordSchema,
  SignupSchema,
} from './schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('auth schemas (spec §5)', () => {
  it('requires every login field and trims the email', () => {
    expect(messagesOf(LoginSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Compila tutti i campi',
      'Compila tutti i campi',
    ]);
    expect(LoginSchema.parse({ email: '  mario@example.com ', password: 'x' }).email).toBe(
      'mario@example.com',
    );
  });

  it('reports only the required message for an empty sign-up field', () => {
    expect(messagesOf(SignupSchema.safeParse({ username: '  ', email: '', password: '' }))).toEqual([
      'Compila tutti i campi',
      'Compila tutti i campi',
      'Compila tutti i campi',
    ]);
  });

  it('enforces the username and password lengths and trims before sending', () => {
    expect(
      messagesOf(SignupSchema.safeParse({ username: ' ab ', email: 'a@b.it', password: '12345' })),
    ).toEqual([
      'Il nome utente deve essere di almeno 3 caratteri',
      'La password deve essere di almeno 6 caratteri',
    ]);
    expect(
      SignupSchema.parse({ username: ' mario ', email: ' Mario@Example.com ', password: '123456' }),
    ).toEqual({
      username: 'mario',
      email: 'Mario@Example.com',
      password: '123456',
    });
  });

  it('asks for the e-mail on forgot password', () => {
    expect(messagesOf(ForgotPasswordSchema.safeParse({ email: ' ' }))).toEqual([
      'Inserisci il tuo indirizzo email',
    ]);
  });

  it('requires matching new passwords', () => {
    expect(
      messagesOf(ResetPasswordSchema.safeParse({ password: '123456', confirmPassword: '1234567' })),
    ).toEqual(['Le password non corrispondono']);
    expect(
      messagesOf(
        ChangePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: '123',
          confirmPassword: '123',
        }),
      ),
    ).toEqual(['La password deve essere di almeno 6 caratteri']);
    expect(
      ChangePasswordSchema.safeParse({
        currentPassword: 'old',
        newPassword: '123456',
        confirmPassword: '123456',
      }).success,
    ).toBe(true);
  });
});
