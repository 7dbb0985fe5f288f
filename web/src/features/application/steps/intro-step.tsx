import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useHost, useMainButton } from '../../../host/index.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ChosenCar } from '../components/chosen-car.tsx';
import { STEP_TITLES, STEPS, stepPath } from '../wizard-steps.ts';

/**
 * What the application asks for and how long it takes (docs/product/application-wizard.md#intro). Telegram's Back button
 * keeps its ordinary meaning here: it leaves the wizard. Where the answers can be picked up again
 * depends on the channel: a web guest is one browser, a Telegram user is their account anywhere.
 */
export function IntroStep() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const host = useHost();
  usePageTitle(i18n._('Car loan application'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  useMainButton({
    text: i18n._('Start application'),
    onClick: () => void navigate(stepPath('personal'), { state: { fromStep: 'intro' } }),
  });
  return (
    <section className="page page--narrow wizard" aria-labelledby="application-title">
      <h1 id="application-title" ref={heading} tabIndex={-1}>
        {i18n._('Car loan application')}
      </h1>
      <p className="lead">
        {i18n._('The application takes about 10 minutes: personal information, housing, income and photos of your driver license.')}
      </p>
      <p className="notice">
        <strong>{i18n._('Please use Latin characters only (A–Z) when you fill in the application.')}</strong>
      </p>
      <h2>{i18n._('What you will need')}</h2>
      <ul className="wizard-intro__needs">
        <li>{i18n._('Your Social Security number and date of birth')}</li>
        <li>{i18n._('Your current address, and your previous one if you moved in the last 2 years')}</li>
        <li>
          {i18n._(
            'Your employer (or, if you have none, where your income comes from) and monthly income, and your previous job if you started in the last 2 years',
          )}
        </li>
        <li>{i18n._('Your driver license, to photograph both sides')}</li>
      </ul>
      <ol className="wizard-intro__steps" aria-label={i18n._('Application steps')}>
        {STEPS.map((step) => (
          <li key={step}>{i18n._(STEP_TITLES[step])}</li>
        ))}
      </ol>
      <p>
        {host.kind === 'telegram'
          ? i18n._('Your answers are saved as you type, so you can continue later on any device where you use this Telegram account.')
          : i18n._('Your answers are saved as you type, so you can continue later in this browser on this device.')}
      </p>
      <ChosenCar />
    </section>
  );
}
