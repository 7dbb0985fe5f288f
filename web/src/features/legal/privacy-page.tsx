import './legal.css';
import { useLingui } from '@lingui/react';
import { CONSENTS } from '../../../../domain/consents.ts';
import { numberLocale } from '../../../../domain/format.ts';
import { DealerAddress } from '../../components/dealer-contact.tsx';
import { useSite } from '../../lib/api/get-site.ts';

/** The notice the applicant acknowledges takes effect with that consent's text (domain/consents.ts). */
const EFFECTIVE = CONSENTS.find((consent) => consent.kind === 'privacy_notice')?.version ?? '';

/**
 * The privacy notice (Gramm-Leach-Bliley Act): the facts of the federal model privacy form in
 * plain words: what we collect, why and with whom we share it, whether you can limit that, how
 * we protect it and whom to ask. The dealer's name and contact come from configuration.
 */
export default function PrivacyPage() {
  const { i18n } = useLingui();
  const site = useSite();
  const company = site.data?.company;
  const name = company?.name ?? '';
  const effective = new Intl.DateTimeFormat(numberLocale(i18n.locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${EFFECTIVE}T00:00:00Z`),
  );

  const no = i18n._('No');
  const weDoNotShare = i18n._("We don't share");
  const reasons: Array<[string, string, string]> = [
    [
      i18n._(
        'For our everyday business purposes: to process your application and send it to the lenders who may finance your car, to respond to court orders and legal investigations, and to report to credit bureaus',
      ),
      i18n._('We share'),
      i18n._('You cannot limit it'),
    ],
    [
      i18n._('For our marketing purposes: to offer you our cars and services'),
      i18n._('Only if you agree'),
      i18n._('Yes: you can withdraw your agreement at any time'),
    ],
    [i18n._('For joint marketing with other financial companies'), no, weDoNotShare],
    [i18n._("For our affiliates' everyday business purposes"), no, weDoNotShare],
    [i18n._('For our affiliates to market to you'), no, weDoNotShare],
    [i18n._('For nonaffiliates to market to you'), no, weDoNotShare],
  ];

  return (
    <article className="legal" aria-labelledby="privacy-title">
      <title>{i18n._('Privacy notice')}</title>
      <h1 id="privacy-title">{i18n._('Privacy notice')}</h1>
      <p className="legal__effective">{i18n._('Effective {date}', { date: effective })}</p>
      <p className="legal__lead">{i18n._('What does {company} do with your personal information?', { company: name })}</p>

      <h2>{i18n._('Why you are reading this')}</h2>
      <p>
        {i18n._(
          'Companies that arrange credit choose how they share your personal information. Federal law gives you the right to limit some but not all sharing, and requires us to tell you how we collect, share and protect your personal information. Please read this notice carefully.',
        )}
      </p>

      <h2>{i18n._('What we collect')}</h2>
      <p>{i18n._('When you apply for financing with us, we collect:')}</p>
      <ul>
        <li>{i18n._('your name, date of birth, phone number, email address and home address;')}</li>
        <li>{i18n._("your Social Security number, your driver's license and its photo;")}</li>
        <li>{i18n._('your housing, employment and income;')}</li>
        <li>{i18n._('the car you choose, and the cars you view or save as favourites;')}</li>
        <li>{i18n._('your Telegram account, when you use our Telegram mini app.')}</li>
      </ul>
      <p>{i18n._('Lenders also obtain your credit history and credit scores from credit bureaus when they consider your application.')}</p>

      <h2>{i18n._('Why and when we share it')}</h2>
      <div className="legal__table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{i18n._('Reasons we can share your personal information')}</th>
              <th scope="col">{i18n._('Does {company} share?', { company: name })}</th>
              <th scope="col">{i18n._('Can you limit this sharing?')}</th>
            </tr>
          </thead>
          <tbody>
            {reasons.map(([reason, shares, limit]) => (
              <tr key={reason}>
                <th scope="row">{reason}</th>
                <td>{shares}</td>
                <td>{limit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{i18n._('Whom we share it with')}</h2>
      <p>
        {i18n._(
          'The lenders and the credit provider we send your application to, so that they can decide on it; the credit bureaus they ask for your credit report; and companies that run our service for us, such as our hosting provider, under contracts that keep your information confidential. We do not sell your personal information.',
        )}
      </p>

      <h2>{i18n._('Can you limit our sharing?')}</h2>
      <p>
        {i18n._(
          "Federal law lets you limit only sharing for our affiliates' everyday business purposes (information about your creditworthiness), our affiliates marketing to you, and nonaffiliates marketing to you. We do none of these. We contact you about offers only if you agree on the application, and you can withdraw that agreement at any time by contacting us. State laws may give you more rights.",
        )}
      </p>

      <h2>{i18n._('How we protect it')}</h2>
      <p>
        {i18n._(
          "We use security measures that comply with federal law: your Social Security number and driver's license are encrypted when stored, connections to our site are encrypted, and only the staff who review applications can see them.",
        )}
      </p>

      <h2>{i18n._('Definitions')}</h2>
      <dl>
        <dt>{i18n._('Affiliates')}</dt>
        <dd>{i18n._('Companies related to us by common ownership or control. We have no affiliates that receive your information.')}</dd>
        <dt>{i18n._('Nonaffiliates')}</dt>
        <dd>{i18n._('Companies not related to us by common ownership or control, such as the lenders we send your application to.')}</dd>
        <dt>{i18n._('Joint marketing')}</dt>
        <dd>{i18n._('A formal agreement between companies that together market financial products to you. We have none.')}</dd>
      </dl>

      <h2>{i18n._('Questions?')}</h2>
      {company ? (
        <DealerAddress company={company} named />
      ) : site.isError ? (
        <p role="alert">{i18n._('We could not load our contact details. Please try again later.')}</p>
      ) : (
        <p role="status">{i18n._('Loading...')}</p>
      )}
    </article>
  );
}
