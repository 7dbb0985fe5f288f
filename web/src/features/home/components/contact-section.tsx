import { useLingui } from '@lingui/react';
import type { PublicSite } from '../../../../../domain/contracts/site.ts';
import { EmailLink, PhoneLink } from '../../../components/dealer-contact.tsx';
import { telegramChatUrl } from '../../../../../domain/start-links.ts';

const SOCIAL_NAMES: Record<string, string> = {
  'facebook.com': 'Facebook',
  'instagram.com': 'Instagram',
  'x.com': 'X',
  'twitter.com': 'X',
  'youtube.com': 'YouTube',
  'tiktok.com': 'TikTok',
  'linkedin.com': 'LinkedIn',
  't.me': 'Telegram',
};

function socialName(url: string): string {
  try {
    const host = new URL(url).hostname.replace(/^www\./, '');
    return SOCIAL_NAMES[host] ?? host;
  } catch {
    return url;
  }
}

export function ContactSection({ site, failed }: { site: PublicSite | undefined; failed: boolean }) {
  const { i18n } = useLingui();
  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title" tabIndex={-1}>
      <h2 id="contact-title">{i18n._('Contact us')}</h2>
      {site ? (
        <div className="contact__grid">
          <div>
            <h3 className="contact__label">{site.company.name}</h3>
            <address className="contact__address">{site.company.address}</address>
          </div>
          <dl className="contact__list">
            <div>
              <dt>{i18n._('Phone')}</dt>
              <dd>
                <PhoneLink phone={site.company.phone} />
              </dd>
            </div>
            <div>
              <dt>{i18n._('Email')}</dt>
              <dd>
                <EmailLink email={site.company.email} />
              </dd>
            </div>
            {site.botUsername ? (
              <div>
                <dt>Telegram</dt>
                <dd>
                  <a href={telegramChatUrl(site.botUsername)} target="_blank" rel="noopener noreferrer">
                    @{site.botUsername}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
          {site.company.socialLinks.length > 0 ? (
            <nav aria-label={i18n._('Social media')} className="contact__social">
              <ul>
                {site.company.socialLinks.map((url) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {socialName(url)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      ) : failed ? (
        <p role="alert">{i18n._('We could not load our contact details. Please try again later.')}</p>
      ) : (
        <p role="status">{i18n._('Loading...')}</p>
      )}
    </section>
  );
}
