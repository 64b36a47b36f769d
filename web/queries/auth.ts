import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';
import { signInWithPasskey } from '@web/api/passkeys.ts';
import { sessionKeys } from './session.ts';

const CALLBACK_URL = '/auth/callback';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', {
        body: { ...input, callbackURL: CALLBACK_URL },
      }),
    // A member with two-factor sign-in on is not signed in yet: the form asks for the second step.
    onSuccess: (answer) =>
      answer?.twoFactorRedirect ? undefined : queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

/** The second step of a sign-in (issue 52): a code of the authenticator app, or a recovery code. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, code }: { kind: 'app' | 'recovery'; code: string }) =>
      api(kind === 'app' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code', {
        body: { code },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

/** 'Sign in with a passkey' (issue 52): no password, no second step; with `autofill`, from the field. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { autofill: boolean }) => signInWithPasskey(input),
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
