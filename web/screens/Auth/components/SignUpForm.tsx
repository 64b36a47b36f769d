import { PASSWORD_MIN_LENGTH } from '@common/limits.ts';
import { signUpSchema } from '@common/schemas/auth.ts';
import { sanitizeUsername } from '@common/username.ts';
import { useSignUp } from '@web/queries/auth.ts';
import { Field, FormError, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass, linkButtonClass } from '@web/ui/styles.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

type Errors = Partial<Record<'name' | 'email' | 'password' | 'username' | 'form', string>>;

export function SignUpForm({ onDone, onSignIn }: { onDone: (email: string) => void; onSignIn: () => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { name, email, password, ...(username ? { username } : {}) };
    const parsed = signUpSchema.safeParse(input);
    if (!parsed.success) {
      // The schema's messages are catalogue keys (the shared schemas' sentences).
      const next = fieldErrors<keyof Errors>(
        parsed.error.issues.map((issue) => ({ path: issue.path, message: t(issue.message) })),
      );
      setErrors(next);
      if (next.password && password.length < PASSWORD_MIN_LENGTH) {
        toast.error(t('Weak password'), { description: t('Please use at least 6 characters.') });
      }
      return;
    }
    setErrors({});
    try {
      await signUp.mutateAsync(parsed.data);
      onDone(parsed.data.email);
    } catch (e) {
      setErrors({ form: (e as Error).message });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('Full Name')}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        maxLength={80}
      />
      <Field
        label={t('Username (optional)')}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(sanitizeUsername(e.target.value))}
        error={errors.username}
        hint={t('Lowercase letters, numbers and _. Leave empty to use the start of your email.')}
        maxLength={30}
      />
      <Field
        label={t('Email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        placeholder={t('you@example.com')}
      />
      <Field
        label={t('Password')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t('At least 6 characters.')}
      />
      <FormError message={errors.form} />
      <button type="submit" disabled={signUp.isPending} className={buttonClass}>
        {signUp.isPending ? t('Creating account...') : t('Sign Up')}
      </button>
      <p className="text-center text-sm text-slate-600">
        {t('Already have an account?')}{' '}
        <button type="button" onClick={onSignIn} className={linkButtonClass}>
          {t('Sign in')}
        </button>
      </p>
    </form>
  );
}
