import { EMAIL_REQUIRED_MESSAGE } from '@common/schemas/auth.ts';
import { buttonClass, Field, linkButtonClass } from '@web/components/Field.tsx';
import { useRequestPasswordReset } from '@web/queries/auth.ts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(EMAIL_REQUIRED_MESSAGE);
      toast.error(EMAIL_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    try {
      await request.mutateAsync(email.trim());
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col gap-4 text-center">
        <p role="status" className="rounded-lg bg-green-50 px-3 py-3 text-green-800">
          If an account exists for {email.trim()}, we sent a link to reset its password. Check your inbox.
        </p>
        <button type="button" onClick={onBack} className={linkButtonClass}>
          Back to sign in
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Enter your email and we'll send you a link to set a new password.
      </p>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        placeholder="you@example.com"
      />
      <button type="submit" disabled={request.isPending} className={buttonClass}>
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </button>
      <button type="button" onClick={onBack} className={linkButtonClass}>
        Back to sign in
      </button>
    </form>
  );
}
