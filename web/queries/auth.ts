import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { sessionKeys } from './session.ts';

const CALLBACK_URL = '/auth/callback';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api('/api/auth/sign-in/email', { body: { ...input, callbackURL: CALLBACK_URL } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (input: { name: string; email: string; password: string; username?: string }) =>
      api('/api/auth/sign-up/email', { body: { ...input, callbackURL: CALLBACK_URL } }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api('/api/auth/request-password-reset', { body: { email, redirectTo: '/auth?mode=reset' } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { newPassword: string; token: string }) =>
      api('/api/auth/reset-password', { body: input }),
  });
}

export function useResendConfirmation() {
  return useMutation({
    mutationFn: (email: string) =>
      api('/api/auth/send-verification-email', { body: { email, callbackURL: CALLBACK_URL } }),
  });
}
