import { ReportDialog } from '@web/components/ReportDialog.tsx';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Report circle' in a room's header, for everyone but its host. */
export function ReportCircleButton({ circleId }: { circleId: string }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setReporting(true)}
        className={secondaryButtonClass.replace('px-4', 'px-3 text-sm')}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t('Report circle')}
      </button>
      {reporting ? (
        <ReportDialog
          target={{ type: 'circle', id: circleId }}
          what="circle"
          onClose={() => setReporting(false)}
        />
      ) : null}
    </>
  );
}
