import { useLingui } from '@lingui/react';
import { useNavigate } from 'react-router';
import { useMainButton } from '../../host/index.ts';
import { useSite } from '../../lib/api/get-site.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { BotMarquee } from './components/bot-marquee.tsx';
import { ContactSection } from './components/contact-section.tsx';
import { FaqSection } from './components/faq-section.tsx';
import { Hero } from './components/hero.tsx';
import { Promos } from './components/promos.tsx';

export default function HomePage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const site = useSite();
  usePageTitle();
  // The footer call to action (spec §2) is the screen's Main button: native inside Telegram,
  // a page button below this section on the web.
  useMainButton({ text: i18n._('Fill out an application'), onClick: () => void navigate('/application') });

  return (
    <div className="home">
      <Hero />
      <BotMarquee botUsername={site.data?.botUsername ?? null} pending={site.isPending} />
      <Promos />
      <FaqSection />
      <ContactSection site={site.data} failed={site.isError} />
      <section className="section cta" aria-labelledby="cta-title">
        <h2 id="cta-title">{i18n._('Ready to find your next car?')}</h2>
        <p>{i18n._('It takes about 10 minutes and does not commit you to anything.')}</p>
      </section>
    </div>
  );
}
