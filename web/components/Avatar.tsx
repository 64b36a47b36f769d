import { avatarInitial } from '@common/username.ts';
import { User } from 'lucide-react';

const sizes = { sm: 'h-8 w-8 text-sm', md: 'h-10 w-10 text-base', lg: 'h-14 w-14 text-xl' } as const;

/** A member's photo, or the uppercased first letter of their full name ('U' without one). */
export function Avatar({
  url,
  name,
  size = 'md',
}: {
  url: string | null | undefined;
  name: string | null | undefined;
  size?: keyof typeof sizes;
}) {
  if (url) {
    return <img src={url} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {avatarInitial(name)}
    </span>
  );
}

/** The author of an anonymous prayer request ('A member'): the same for every member, no initial. */
export function AnonymousAvatar({ size = 'md' }: { size?: keyof typeof sizes }) {
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-500`}
    >
      <User className="h-1/2 w-1/2" />
    </span>
  );
}
