import type { I18n } from '@lingui/core';

/** A span of whole minutes as staff read it: "45 min", "2 h 5 min", "3 d 4 h". */
export function formatMinutes(total: number, i18n: I18n): string {
  if (total < 60) return i18n._('{minutes} min', { minutes: total });
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours < 24) return minutes === 0 ? i18n._('{hours} h', { hours }) : i18n._('{hours} h {minutes} min', { hours, minutes });
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? i18n._('{days} d', { days }) : i18n._('{days} d {hours} h', { days, hours: rest });
}
