import type { MemberPasskey } from '@common/schemas/auth.ts';
import { api } from '@web/api/client.ts';

// Passkeys in this browser (issue 52): the server's options go to navigator.credentials through
// SimpleWebAuthn (loaded only when a passkey is used), and the browser's answer back to the server.

/** Why the browser gave no passkey: the member cancelled or waited too long, or it already has one. */
export class PasskeyCancelled extends Error {
  constructor(readonly reason: 'cancelled' | 'exists' | 'aborted') {
    super(reason);
  }
}

const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A browser refusal as a PasskeyCancelled; any other error as it is (the server's words). */
function refusal(error: unknown): unknown {
  const name = (error as { name?: string; cause?: { name?: string } }).name;
  const cause = (error as { cause?: { name?: string } }).cause?.name;
  if (name === 'AbortError' || cause === 'AbortError') return new PasskeyCancelled('aborted');
  if (name === 'InvalidStateError' || cause === 'InvalidStateError') return new PasskeyCancelled('exists');
  if (name === 'NotAllowedError' || cause === 'NotAllowedError') return new PasskeyCancelled('cancelled');
  return error;
}

/** 'Add a passkey': the password, the browser's new credential, then the server keeps it. */
export async function addPasskey(password: string, name: string): Promise<MemberPasskey> {
  const optionsJSON = await api<never>('/api/auth/passkeys/options', { body: { password } });
  const { startRegistration } = await browser();
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw refusal(error);
  });
  return api<MemberPasskey>('/api/auth/passkeys', { body: { name, response } });
}

/**
 * 'Sign in with a passkey'. With `autofill`, the browser offers the passkeys in the email field's
 * suggestions and this waits until one is picked (or another ceremony aborts it).
 */
export async function signInWithPasskey({ autofill = false } = {}): Promise<void> {
  const { startAuthentication, browserSupportsWebAuthnAutofill, WebAuthnAbortService } = await browser();
  if (autofill && !(await browserSupportsWebAuthnAutofill())) throw new PasskeyCancelled('aborted');
  // The button ends the autofill's waiting request before asking for a challenge of its own: the
  // challenge cookie is one per browser, so only the newest ceremony can finish.
  if (!autofill) WebAuthnAbortService.cancelCeremony();
  // The autofill waits unseen: a refused challenge (a limit, the network) leaves the form as it is.
  const optionsJSON = await api<never>('/api/auth/passkey/sign-in-options', { body: {} }).catch(
    (error: unknown) => {
      throw autofill ? new PasskeyCancelled('aborted') : error;
    },
  );
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill }).catch(
    (error: unknown) => {
      throw refusal(error);
    },
  );
  await api('/api/auth/passkey/sign-in', { body: { response } });
}

/** Ends a ceremony still waiting (the autofill's, when the form goes away). */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await browser();
  WebAuthnAbortService.cancelCeremony();
}
