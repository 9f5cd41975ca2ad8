// TODO(core): import from @fantarift/core
import { z } from 'zod';
import { MESSAGES } from '@/lib/messages';

const V = MESSAGES.validation;

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;

// `abort: true` stops at the first failed check, so an empty field reports only
// "Compila tutti i campi" and not also the length rule.
const required = (message: string = V.requiredFields) => z.string().min(1, { error: message, abort: true });

const newPassword = required().min(MIN_PASSWORD_LENGTH, V.passwordTooShort);

export const LoginSchema = z.object({
  email: z.string().trim().min(1, V.requiredFields),
  password: required(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const SignupSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: V.requiredFields, abort: true })
    .min(MIN_USERNAME_LENGTH, V.usernameTooShort),
  email: z.string().trim().min(1, { error: V.requiredFields, abort: true }).email(V.invalidEmail),
  password: newPassword,
});
export type SignupInput = z.infer<typeof SignupSchema>;

export const ForgotPasswordSchema = z.object({
  email: z.string().trim().min(1, { error: V.emailRequired, abort: true }).email(V.invalidEmail),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: required(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: V.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: required(),
    newPassword,
    confirmPassword: required(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: V.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
