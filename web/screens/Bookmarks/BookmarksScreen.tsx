import { FeedList } from '@web/components/posts/Feed.tsx';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { useBookmarks } from '@web/queries/bookmarks.ts';
import { useTranslation } from 'react-i18next';

/** /bookmarks: the posts the member saved, newest saved first, seen by them alone. */
export default function BookmarksScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Bookmarks'));
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('Bookmarks')}</h1>
        <p className="mt-1 text-slate-600">{t('Posts you saved for later. Only you can see this list.')}</p>
      </div>
      <FeedList
        feed={useBookmarks()}
        emptyText={t('No bookmarks yet. Choose Bookmark in a post\u2019s menu to save it here.')}
        label={t('Bookmarks')}
      />
    </main>
  );
}
