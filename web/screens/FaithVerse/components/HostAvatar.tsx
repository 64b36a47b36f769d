import type { Person } from '@common/schemas/fields.ts';

const sizes = { sm: 'h-8 w-8 text-xs', md: 'h-10 w-10 text-sm' } as const;

/** The first two letters of a username, upper-cased: the live list's avatar fallback (spec section 2). */
export function hostInitials(username: string): string {
  return username.slice(0, 2).toUpperCase() || 'U';
}

/** A circle host's photo, or the first two letters of their username. Decorative: a name is beside it. */
export function HostAvatar({ host, size = 'md' }: { host: Person; size?: keyof typeof sizes }) {
  if (host.avatar_url) {
    return (
      <img src={host.avatar_url} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700`}
    >
      {hostInitials(host.username)}
    </span>
  );
}
