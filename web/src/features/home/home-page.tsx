import './home.css';
import { useLingui } from '@lingui/react';
import { useNavigate } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { useMainButton } from '../../host/index.ts';
import { useHasApplied } from '../../lib/api/get-my-application.ts';
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
  const applied = useHasApplied() === true;
  usePageTitle();
  // The footer call to action (docs/product/screens.md#home) is the screen's Main button: native inside Telegram,
  // a page button below this section on the web. Someone who has applied is led to the status.
  useMainButton({
    text: applied ? i18n._('See your loan status') : i18n._('Fill out an application'),
    onClick: () => void navigate('/application'),
  });

  return (
    <div className="home">
      <Hero applied={applied} />
      <BotMarquee botUsername={site.data?.botUsername ?? null} pending={site.isPending} />
      {/* Below a phone's first screen: hydrated after the hero. */}
      <HydrateLater>
        <Promos applied={applied} />
      </HydrateLater>
      <HydrateLater>
        <FaqSection />
      </HydrateLater>
      <HydrateLater>
        <ContactSection site={site.data} failed={site.isError} />
      </HydrateLater>
      <section className="section cta" aria-labelledby="cta-title">
        {applied ? (
          <>
            <h2 id="cta-title">{i18n._('Your application is with us')}</h2>
            <p>{i18n._('See its status and what happens next.')}</p>
          </>
        ) : (
          <>
            <h2 id="cta-title">{i18n._('Ready to find your next car?')}</h2>
            <p>{i18n._('It takes about 10 minutes and does not commit you to anything.')}</p>
          </>
        )}
      </section>
    </div>
  );
}
