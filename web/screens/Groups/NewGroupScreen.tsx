import { type CreateGroupInput, createGroupSchema, GROUP_ERRORS } from '@common/schemas/groups.ts';
import { useDocumentTitle } from '@web/components/useDocumentTitle.ts';
import { errorText } from '@web/i18n/errors.ts';
import { fileKind, mediaProblem } from '@web/media/files.ts';
import { UploadProgress } from '@web/media/UploadProgress.tsx';
import { useUpload } from '@web/media/useUpload.ts';
import { useCreateGroup } from '@web/queries/groups.ts';
import { BackLink } from '@web/ui/BackLink.tsx';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { buttonClass, cardClass, labelClass } from '@web/ui/styles.ts';
import { ImagePlus, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  type GroupFormErrors,
  GroupFormFields,
  type GroupFormValues,
  placeRefusal,
} from './components/GroupFormFields.tsx';
import { groupPagePath } from './components/groupTexts.ts';

const coverProblem = (file: File) =>
  fileKind(file) !== 'photo'
    ? errorText({ code: 'group_cover_not_photo', message: GROUP_ERRORS.group_cover_not_photo })
    : mediaProblem(file);

const FIELDS = ['name', 'description', 'category', 'privacy'] as const;

/** /groups/new: the Create a Group form (issue 25), with an optional cover photo. */
export default function NewGroupScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('Create a Group'));
  const navigate = useNavigate();
  const create = useCreateGroup();
  const cover = useUpload({ check: coverProblem });
  const [values, setValues] = useState<GroupFormValues>({
    name: '',
    description: '',
    category: '',
    privacy: 'public',
  });
  const [errors, setErrors] = useState<GroupFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'creating'>('idle');
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = phase !== 'idle';

  // A refused submit takes the keyboard (and the view) to the first field to fix.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  async function chooseCover(file: File) {
    setFormError(await cover.choose(file));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input: CreateGroupInput = {
      name: values.name,
      category: values.category as CreateGroupInput['category'],
      privacy: values.privacy,
    };
    if (values.description.trim()) input.description = values.description;
    // The server checks the same schema; this only saves a trip and puts the message by its field.
    const parsed = createGroupSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof GroupFormErrors>(parsed.error.issues));
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    setFormError(null);
    if (cover.file) {
      setPhase('uploading');
      try {
        parsed.data.cover_media_id = (await cover.upload()).id;
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setFormError((error as Error).message);
        setPhase('idle');
        return;
      }
    }
    setPhase('creating');
    try {
      const group = await create.mutateAsync(parsed.data);
      toast.success(t('Group created!'));
      navigate(groupPagePath(group.slug));
    } catch (error) {
      cover.forgetIfInvalid(error);
      const refusal = placeRefusal(error, FIELDS);
      if (refusal.field) {
        setErrors({ [refusal.field]: refusal.message });
        setRefusals((count) => count + 1);
      } else {
        setFormError(refusal.message);
      }
      setPhase('idle');
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        <BackLink to="/groups" label={t('Back to Groups')} className="mt-0.5" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{t('Create a Group')}</h1>
          <p className="mt-1 text-slate-600">{t('A lasting place for people who share something.')}</p>
        </div>
      </div>

      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('Create a Group')}
        className={`${cardClass} flex flex-col gap-5 p-4 sm:p-6`}
      >
        <GroupFormFields values={values} onChange={setValues} errors={errors} disabled={busy} />
        <div className="flex flex-col gap-2">
          <span className={labelClass}>{t('Cover photo (optional)')}</span>
          {cover.file && cover.previewUrl ? (
            <div className="relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
              <img
                src={cover.previewUrl}
                alt={t('Preview of {{name}}', { name: cover.file.name })}
                className="h-40 w-full object-cover"
              />
              <button
                type="button"
                onClick={cover.clear}
                disabled={busy}
                aria-label={t('Remove cover photo')}
                className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white hover:bg-black/80 disabled:opacity-60"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
          ) : (
            <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm font-medium text-slate-700 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
              <ImagePlus aria-hidden="true" className="h-5 w-5 text-emerald-600" />
              {t('Choose a cover photo')}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                disabled={busy}
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void chooseCover(file);
                }}
              />
            </label>
          )}
        </div>
        {phase === 'uploading' ? <UploadProgress percent={cover.progress ?? 0} /> : null}
        <FormError message={formError} />
        <div className="flex justify-end border-t border-slate-100 pt-4">
          <button type="submit" disabled={busy} className={`${buttonClass} w-full sm:w-auto`}>
            {phase === 'uploading'
              ? t('Uploading...')
              : phase === 'creating'
                ? t('Creating...')
                : t('Create Group')}
          </button>
        </div>
      </form>
    </main>
  );
}
