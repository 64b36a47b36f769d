import type { ProfilePage } from '@common/schemas/profiles.ts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@web/api/client.ts';
import { Spinner } from '@web/components/Spinner.tsx';
import { retryServerErrors } from '@web/queries/postCache.ts';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ProfileLoadFailed } from './components/ProfileLoadFailed.tsx';

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
  return (
    <ProfileLoadFailed
      missing={member.error instanceof ApiError && member.error.status === 404}
      message={member.error.message}
      onRetry={() => void member.refetch()}
    />
  );
}
