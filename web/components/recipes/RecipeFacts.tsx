import type { DietTag } from '@common/schemas/recipes.ts';
import { Clock, Flame, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DIET_TAG_LABELS } from './recipeTexts.ts';

/** A recipe's diet tags as small green badges. */
export function DietBadges({ tags }: { tags: readonly DietTag[] }) {
  const { t } = useTranslation();
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('Diet')} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full border border-emerald-200 bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-800"
        >
          {t(DIET_TAG_LABELS[tag])}
        </li>
      ))}
    </ul>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5">
      {icon}
      {children}
    </li>
  );
}

/** 'Prep 15 min', 'Cook 30 min' and, when given, 'Serves 4', on one line that wraps. */
export function RecipeTimes({
  prep,
  cook,
  servings,
}: {
  prep: number | null;
  cook: number | null;
  servings?: number;
}) {
  const { t } = useTranslation();
  const iconClass = 'h-4 w-4 shrink-0 text-slate-500';
  if (prep === null && cook === null && servings === undefined) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {prep !== null ? (
        <Fact icon={<Clock aria-hidden="true" className={iconClass} />}>
          {t('Prep {{n}} min', { n: prep })}
        </Fact>
      ) : null}
      {cook !== null ? (
        <Fact icon={<Flame aria-hidden="true" className={iconClass} />}>
          {t('Cook {{n}} min', { n: cook })}
        </Fact>
      ) : null}
      {servings !== undefined ? (
        <Fact icon={<Users aria-hidden="true" className={iconClass} />}>
          {t('Serves {{n}}', { n: servings })}
        </Fact>
      ) : null}
    </ul>
  );
}

/** 'Adapted from {site}', linking the page an imported recipe came from (written out in full on paper). */
export function RecipeSource({ url, name }: { url: string | null; name: string | null }) {
  if (!url) return null;
  let site = name;
  if (!site) {
    try {
      site = new URL(url).hostname.replace(/^www\./, '');
    } catch {
      return null;
    }
  }
  return (
    <p className="text-sm text-slate-600">
      <Trans
        i18nKey="Adapted from <a>{{site}}</a>"
        values={{ site }}
        components={{
          a: (
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the site's name inside.
            <a
              href={url}
              target="_blank"
              rel="noopener nofollow ugc"
              data-print-url=""
              className="font-medium text-brand-600 hover:text-brand-700 hover:underline"
            />
          ),
        }}
      />
    </p>
  );
}
