import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { exportPath, type ExportFormat } from '../../domain/directory-export';
import type { MessageId } from '../../i18n/intl';
import { selectFilters, type directoryMachine } from '../../machines/directory-machine';
import { useLocale } from '../shared/widget-root';

const LINKS: readonly { readonly format: ExportFormat; readonly text: MessageId; readonly label: MessageId }[] = [
  { format: 'csv', text: 'directory.export.csv', label: 'directory.export.csvLabel' },
  { format: 'vcf', text: 'directory.export.vcf', label: 'directory.export.vcfLabel' },
];

/**
 * "Exporter la liste": the list as filtered, as CSV and as one vCard file. Plain links to the
 * server's export of the page's own query, so they follow every filter and work without script;
 * `base` is where the exports live (`''`: this site).
 */
export const ExportLinks = ({ actor, base }: { actor: ActorRefFrom<typeof directoryMachine>; base: string }) => {
  const { t, language, root } = useLocale();
  const csv = useSelector(actor, (snapshot) => exportPath(selectFilters(snapshot), 'csv', language, root));
  const vcf = useSelector(actor, (snapshot) => exportPath(selectFilters(snapshot), 'vcf', language, root));
  const paths: Readonly<Record<ExportFormat, string>> = { csv, vcf };
  const labelId = useId();

  return (
    <div className="directory__export" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="directory__export-title">
        {t('directory.export')}
      </span>
      {LINKS.map(({ format, text, label }) => (
        // The visible text is part of the accessible name (WCAG 2.5.3), which says what the file holds.
        // `nofollow`: a crawler walking every filter of the page would make every export of it.
        <a key={format} className="directory__export-link" href={`${base}${paths[format]}`} download rel="nofollow" aria-label={t(label)}>
          {t(text)}
        </a>
      ))}
    </div>
  );
};
