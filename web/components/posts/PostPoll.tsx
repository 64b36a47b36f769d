import type { Post } from '@common/schemas/posts.ts';
import { useVotePoll } from '@web/queries/polls.ts';
import { buttonClass } from '@web/ui/styles.ts';
import { Check } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

type WithPoll = Post & { poll: NonNullable<Post['poll']> };

/**
 * A post's poll (issue 51): its options to choose ('Vote', once) until the member voted or it ended,
 * then its results as percentages and 'N votes', with 'Final results' once it ended.
 */
export function PostPoll({ post }: { post: WithPoll }) {
  const { poll } = post;
  const ended = Date.parse(poll.expires_at) <= Date.now();
  return post.voted_by_me || ended ? <PollResults post={post} ended={ended} /> : <PollForm post={post} />;
}

function PollFooter({ post, ended }: { post: WithPoll; ended: boolean }) {
  const { t, i18n } = useTranslation();
  const ends = new Date(post.poll.expires_at).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <p className="text-sm text-slate-500">
      {t('{{count}} votes', { count: post.poll.votes_count })} ·{' '}
      {ended ? (
        <strong className="font-semibold text-slate-700">{t('Final results')}</strong>
      ) : (
        t('Ends {{time}}', { time: ends })
      )}
    </p>
  );
}

function PollForm({ post }: { post: WithPoll }) {
  const { t } = useTranslation();
  const name = useId();
  const vote = useVotePoll(post.id);
  const [chosen, setChosen] = useState<number[]>([]);
  const { poll } = post;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length === 0 || vote.isPending) return;
    vote.mutate(chosen, { onError: (error) => toast.error(error.message) });
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">
          {poll.multiple ? t('Poll: choose one or more') : t('Poll: choose one')}
        </legend>
        {poll.options.map((option, index) => {
          const checked = chosen.includes(index);
          return (
            <label
              // biome-ignore lint/suspicious/noArrayIndexKey: a poll's options never move.
              key={index}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 ${checked ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'}`}
            >
              <input
                type={poll.multiple ? 'checkbox' : 'radio'}
                name={name}
                checked={checked}
                onChange={() =>
                  setChosen((now) =>
                    poll.multiple ? (checked ? now.filter((i) => i !== index) : [...now, index]) : [index],
                  )
                }
                className="h-4 w-4"
              />
              <span className="min-w-0 break-words text-slate-800">{option.title}</span>
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PollFooter post={post} ended={false} />
        <button type="submit" disabled={chosen.length === 0 || vote.isPending} className={buttonClass}>
          {vote.isPending ? t('Voting...') : t('Vote')}
        </button>
      </div>
    </form>
  );
}

function PollResults({ post, ended }: { post: WithPoll; ended: boolean }) {
  const { t } = useTranslation();
  const { poll } = post;
  // Several choices: each option's share of the voters; one: of the votes.
  const whole = poll.multiple ? poll.voters_count : poll.votes_count;
  const most = Math.max(...poll.options.map((o) => o.votes_count));
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={t('Poll results')} className="flex flex-col gap-2">
        {poll.options.map((option, index) => {
          const percent = whole > 0 ? Math.round((option.votes_count / whole) * 100) : 0;
          const leading = ended && most > 0 && option.votes_count === most;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a poll's options never move.
            <li key={index} className="relative overflow-hidden rounded-xl border border-slate-200 px-3 py-2">
              <div
                aria-hidden="true"
                className={`absolute inset-y-0 left-0 ${leading ? 'bg-brand-100' : 'bg-slate-100'}`}
                style={{ width: `${percent}%` }}
              />
              <div className="relative flex items-center justify-between gap-3">
                <span
                  className={`min-w-0 break-words ${leading ? 'font-semibold text-slate-900' : 'text-slate-800'}`}
                >
                  {option.title}
                  {leading ? (
                    <Check aria-hidden="true" className="ml-1 inline h-4 w-4 text-brand-600" />
                  ) : null}
                </span>
                <span className="shrink-0 font-semibold tabular-nums text-slate-700">{percent}%</span>
              </div>
            </li>
          );
        })}
      </ul>
      <PollFooter post={post} ended={ended} />
    </div>
  );
}
