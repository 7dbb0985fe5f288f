import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { useTradeInPhoto } from './api/get-trade-in-photo.ts';

/** One trade-in image fetched with the staff's identity; `alt` says what it shows. */
export function TradeInImage({ path, alt, className }: { path: string; alt: string; className?: string }) {
  const { i18n } = useLingui();
  const photo = useTradeInPhoto(path);
  if (photo.isPending) return <Spinner size="s" />;
  if (!photo.url) return <span className="trade-in-photo__missing">{i18n._('The photo could not be loaded.')}</span>;
  return <img src={photo.url} alt={alt} className={className} />;
}
