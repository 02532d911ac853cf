import type { MouseEvent } from 'react';
import type { AgendaEvent } from '../../domain/agenda';
import { icsFileName, toIcs } from '../../domain/ics';

/**
 * A link that downloads the events as an .ics file. The file is written when the link is
 * followed, not at each render: the browser reads `href` after the click handler runs.
 */
export const CalendarLink = ({
  events,
  fileTitle,
  label,
  hiddenContext,
  className,
}: {
  events: readonly AgendaEvent[];
  fileTitle: string;
  label: string;
  /** Read by screen readers after the label, so that every link has its own name. */
  hiddenContext?: string;
  className?: string;
}) => {
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    const url = URL.createObjectURL(new Blob([toIcs(events, window.location.host)], { type: 'text/calendar;charset=utf-8' }));
    event.currentTarget.href = url;
    // Long enough for the download to start; then the memory goes back.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  return (
    <a className={className} href="#calendrier" download={icsFileName(fileTitle)} onClick={onClick}>
      {label}
      {hiddenContext ? <span className="visually-hidden"> – {hiddenContext}</span> : null}
    </a>
  );
};
