import { FAITHS } from '@common/options.ts';
import {
  CIRCLE_DEFAULTS,
  CIRCLE_DURATIONS,
  CIRCLE_LIMITS,
  type CircleSource,
  type CircleVisibility,
  type CreateCircleInput,
  createCircleSchema,
} from '@common/schemas/circles.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { msg } from '@web/i18n/msg.ts';
import { useCircleOptions, useCreateCircle } from '@web/queries/circles.ts';
import { useGroup } from '@web/queries/groups.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { Field, fieldErrors } from '@web/ui/Field.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { Switch } from '@web/ui/Switch.tsx';
import { buttonClass, cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { CalendarClock, Globe, Link2, Lock, Mic, MonitorUp, Radio, Video } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { faithLabel } from './components/Badges.tsx';
import { type Choice, ChoiceGroup } from './components/ChoiceGroup.tsx';
import { CIRCLE_KEYS } from './components/circleTexts.ts';

type Faith = (typeof FAITHS)[number];
type Mode = 'live' | 'scheduled';
type Duration = (typeof CIRCLE_DURATIONS)[number];
type Errors = Partial<Record<'title' | 'faith' | 'topic' | 'max_guests', string>>;

// Labels and descriptions are catalogue keys, translated where the form shows them.
const VISIBILITY_CHOICES: ReadonlyArray<Choice<CircleVisibility>> = [
  { value: 'public', label: msg('Public'), icon: Globe, description: msg('Listed while you are live.') },
  {
    value: 'unlisted',
    label: msg('Unlisted'),
    icon: Link2,
    description: msg('Listed while live; share the link.'),
  },
  {
    value: 'private',
    label: msg('Private'),
    icon: Lock,
    description: msg('Never listed. You let each guest in.'),
  },
];
const MODE_CHOICES: ReadonlyArray<Choice<Mode>> = [
  { value: 'live', label: msg('Go live now'), icon: Radio },
  { value: 'scheduled', label: msg('Schedule for later'), icon: CalendarClock },
];
const SOURCE_CHOICES: ReadonlyArray<Choice<CircleSource>> = [
  { value: 'camera', label: msg('Camera'), icon: Video },
  { value: 'screen', label: msg('Screen'), icon: MonitorUp },
  { value: 'audio', label: msg('Audio'), icon: Mic },
];

/** /faithverse/new: the Start a Circle form (spec sections 2, 5 and 9). */
export default function NewCircleScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t(CIRCLE_KEYS.startCircle));
  const shown = <V extends string>(choices: ReadonlyArray<Choice<V>>): Array<Choice<V>> =>
    choices.map((choice) => ({
      ...choice,
      label: t(choice.label),
      ...(choice.description ? { description: t(choice.description) } : {}),
    }));
  const faithOptions = FAITHS.map((option) => [option, t(faithLabel(option))] as const);
  const durationOptions = CIRCLE_DURATIONS.map(
    (minutes) => [String(minutes) as `${Duration}`, t('{{count}} minutes', { count: minutes })] as const,
  );
  const navigate = useNavigate();
  const create = useCreateCircle();
  // Started from a group's page (?group=slug): the circle is that group's members' only.
  const [params] = useSearchParams();
  const groupSlug = params.get('group') ?? '';
  const group = useGroup(groupSlug, Boolean(groupSlug)).data ?? null;
  const [title, setTitle] = useState('');
  const [faith, setFaith] = useState<Faith | ''>('');
  const [topic, setTopic] = useState('');
  const [visibility, setVisibility] = useState<CircleVisibility>(CIRCLE_DEFAULTS.visibility);
  const [mode, setMode] = useState<Mode>(CIRCLE_DEFAULTS.mode);
  const [source, setSource] = useState<CircleSource>(CIRCLE_DEFAULTS.source_type);
  const [duration, setDuration] = useState<Duration>(CIRCLE_DEFAULTS.duration_min);
  // 10 guests when the host's browser sends to each; up to 500 when a media server forwards.
  const maxGuestsLimit = useCircleOptions().data?.max_guests_limit ?? CIRCLE_LIMITS.defaultMaxGuests;
  const [maxGuests, setMaxGuests] = useState<string>(String(CIRCLE_LIMITS.defaultMaxGuests));
  const [allowPreview, setAllowPreview] = useState<boolean>(CIRCLE_DEFAULTS.allow_preview);
  const [joinByBlessing, setJoinByBlessing] = useState<boolean>(CIRCLE_DEFAULTS.join_by_blessing);
  const [showStore, setShowStore] = useState<boolean>(CIRCLE_DEFAULTS.show_store);
  const [allowDonations, setAllowDonations] = useState<boolean>(CIRCLE_DEFAULTS.allow_donations);
  const [errors, setErrors] = useState<Errors>({});
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const pending = create.isPending;

  // A refused submit takes the keyboard (and the view) to the first field to fix.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input: CreateCircleInput = {
      title,
      faith: faith as Faith,
      topic: topic.trim() || null,
      visibility,
      mode,
      source_type: source,
      duration_min: duration,
      allow_preview: allowPreview,
      join_by_blessing: joinByBlessing,
      show_store: showStore,
      allow_donations: allowDonations,
      max_guests: maxGuests.trim() === '' ? Number.NaN : Number(maxGuests),
      ...(group ? { group_id: group.id } : {}),
    };
    // The server checks the same schema; this only saves a trip and puts the message by its field.
    const parsed = createCircleSchema.safeParse(input);
    if (!parsed.success || (input.max_guests ?? 0) > maxGuestsLimit) {
      setErrors(
        parsed.success
          ? { max_guests: t('Up to {{count}} guests.', { count: maxGuestsLimit }) }
          : fieldErrors<keyof Errors>(parsed.error.issues),
      );
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    try {
      const page = await create.mutateAsync(parsed.data);
      // The spec's words are for a circle that goes live now; a scheduled one is not live yet.
      toast.success(t(CIRCLE_KEYS.created), {
        description:
          mode === 'live' ? t(CIRCLE_KEYS.createdDescription) : t('Your faith circle is scheduled'),
      });
      navigate(`/faithverse/c/${encodeURIComponent(page.circle.id)}`);
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        <BackLink to="/faithverse" label={t('Back to FaithVerse')} className="mt-0.5" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t(CIRCLE_KEYS.startCircle)}</h1>
          <p className="mt-1 text-slate-600">{t('Gather others to pray, study and share, live.')}</p>
          {group ? (
            <p className="mt-1 font-medium text-brand-700">
              {t('For {{name}}: listed for and joined by its members only', { name: group.name })}
            </p>
          ) : null}
        </div>
      </div>

      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label={t(CIRCLE_KEYS.startCircle)}
        className="flex flex-col gap-6"
      >
        <FormSection id="circle-about" title={t('About your circle')}>
          <Field
            label={t('Title')}
            name="title"
            value={title}
            maxLength={CIRCLE_LIMITS.titleMax}
            aria-required="true"
            autoComplete="off"
            placeholder={t('Morning prayer and reflection')}
            error={errors.title}
            disabled={pending}
            onChange={(event) => setTitle(event.target.value)}
          />
          <SelectField
            label={t('Faith')}
            value={faith}
            onChange={setFaith}
            options={faithOptions}
            placeholder={t('Select a faith')}
            error={errors.faith}
            disabled={pending}
          />
          <Field
            label={t('Topic (optional)')}
            name="topic"
            value={topic}
            maxLength={CIRCLE_LIMITS.topicMax}
            autoComplete="off"
            placeholder={t('Psalm 23')}
            error={errors.topic}
            disabled={pending}
            onChange={(event) => setTopic(event.target.value)}
          />
        </FormSection>

        <FormSection id="circle-how" title={t('How it runs')}>
          <ChoiceGroup
            legend={t('Visibility')}
            name="visibility"
            value={visibility}
            onChange={setVisibility}
            choices={shown(VISIBILITY_CHOICES)}
            disabled={pending}
          />
          <ChoiceGroup
            legend={t('When')}
            name="mode"
            value={mode}
            onChange={setMode}
            choices={shown(MODE_CHOICES)}
            columns="grid-cols-1 sm:grid-cols-2"
            disabled={pending}
          />
          <ChoiceGroup
            legend={t('Source')}
            name="source_type"
            value={source}
            onChange={setSource}
            choices={shown(SOURCE_CHOICES)}
            disabled={pending}
          />
          <SelectField
            label={t('Duration')}
            value={`${duration}` as `${Duration}`}
            onChange={(value) => setDuration(Number(value) as Duration)}
            options={durationOptions}
            disabled={pending}
          />
          <Field
            label={t('Max guests')}
            name="max_guests"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxGuestsLimit}
            step={1}
            value={maxGuests}
            hint={t('Up to {{count}} guests.', { count: maxGuestsLimit })}
            error={errors.max_guests}
            disabled={pending}
            onChange={(event) => setMaxGuests(event.target.value)}
          />
        </FormSection>

        <FormSection id="circle-options" title={t('Options')}>
          <div className="-my-3 divide-y divide-slate-100">
            <Switch
              label={t('Allow 10s Preview')}
              description={t(
                'Members who are not in the circle may watch for 10 seconds before asking to join.',
              )}
              checked={allowPreview}
              onChange={setAllowPreview}
              disabled={pending}
            />
            <Switch
              label={t('Join by blessing')}
              description={t('You approve each guest before they join.')}
              checked={joinByBlessing}
              onChange={setJoinByBlessing}
              disabled={pending}
            />
            <Switch
              label={t('Show store')}
              description={t('Show your store to guests.')}
              checked={showStore}
              onChange={setShowStore}
              disabled={pending}
            />
            <Switch
              label={t('Allow donations')}
              description={t('Let guests know donations are welcome.')}
              checked={allowDonations}
              onChange={setAllowDonations}
              disabled={pending}
            />
          </div>
        </FormSection>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/faithverse" className={secondaryButtonClass}>
            {t('Cancel')}
          </Link>
          <button type="submit" disabled={pending} className={buttonClass}>
            {pending ? t('Starting...') : t(CIRCLE_KEYS.startCircle)}
          </button>
        </div>
      </form>
    </main>
  );
}

function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${cardClass} flex flex-col gap-4 p-4 sm:p-6`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
