import type { MouseEvent } from 'react';
import type { AgendaEvent } from '../../domain/agenda';
import { icsFileName } from '../../domain/file-names';
import { isBrowserClick } from '../shared/more-link';
import { useLocale } from '../shared/widget-root';

// The calendar writer and its time-zone table load on the first export, not with the page.
const loadIcs = () => import('../../domain/ics');

/** Hands a file to the browser's download, as a followed `download` link would. */
const saveFile = (contents: string, type: string, fileName: string): void => {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the download to start; then the memory goes back.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/**
 * A link that downloads the events as an .ics file. Its address is the file the server writes
 * (`href`), so it works before the script runs; once it runs, the file is written here from the
 * events shown. Without a server's file (another API) the script alone writes it.
 */
export const CalendarLink = ({
  events,
  href,
  fileTitle,
  label,
  hiddenContext,
  className,
}: {
  events: readonly AgendaEvent[];
  href: string | null;
  fileTitle: string;
  label: string;
  /** The event's title, read by screen readers after the label, so that every link has its own name. */
  hiddenContext?: string;
  className?: string;
}) => {
  const { contentLang } = useLocale();
  const fileName = icsFileName(fileTitle);
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (isBrowserClick(event)) return;
    event.preventDefault();
    void loadIcs().then(({ toIcs }) => saveFile(toIcs(events, window.location.host), 'text/calendar;charset=utf-8', fileName));
  };
  return (
    <a className={className} href={href ?? '#calendrier'} download={fileName} onClick={onClick}>
      {label}
      {hiddenContext ? (
        <span className="visually-hidden">
          {' – '}
          <span lang={contentLang}>{hiddenContext}</span>
        </span>
      ) : null}
    </a>
  );
};
