import type { ProfilePage } from '@common/schemas/profiles.ts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { retryServerErrors } from '@web/queries/postCache.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';

/**
 * /members/{id}: where a mention links (issue 51). It finds the member by id and opens their profile
 * under today's username, so a mention keeps its way after the member changes their username.
 */
export default function MemberScreen() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const member = useQuery({
    queryKey: ['profiles', 'by-id', id],
    queryFn: ({ signal }) => api<ProfilePage>(`/api/profiles/by-id/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
  });
  if (member.data) return <Navigate to={`/profile/${encodeURIComponent(member.data.username)}`} replace />;
  if (member.isPending) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-10">
        <Spinner label={t('Loading profile...')} />
      </main>
    );
  }
  const missing = member.error instanceof ApiError && member.error.status === 404;
  return (
    <main className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {missing ? t('User not found') : t('Could not load this profile')}
      </h1>
      {missing ? null : (
        <p role="alert" className="text-slate-600">
          {member.error.message}
        </p>
      )}
      <div className="flex gap-2">
        {missing ? null : (
          <button type="button" onClick={() => member.refetch()} className={secondaryButtonClass}>
            {t('Try again')}
          </button>
        )}
        <Link to="/" className={buttonClass}>
          {t('Go Home')}
        </Link>
      </div>
    </main>
  );
}
