import { useLingui } from '@lingui/react';
import { ListState } from '../../../components/list-state.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { usePublicFaqs } from '../api/get-public-faqs.ts';

/** Only http(s) and in-app links from the FAQ table become links. */
function safeHref(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function FaqSection() {
  const { i18n } = useLingui();
  const [language] = useLanguage();
  const faqs = usePublicFaqs(language);
  return (
    <section className="section faq" aria-labelledby="faq-title">
      <h2 id="faq-title">{i18n._('Frequently asked questions')}</h2>
      <ListState
        query={faqs}
        isEmpty={(items) => items.length === 0}
        empty={<p>{i18n._('No questions yet.')}</p>}
        errorText={() => i18n._('We could not load the questions. Please try again later.')}
      >
        {(items) => (
          <div className="faq__list">
            {items.map((faq) => {
              const href = safeHref(faq.url);
              return (
                <details key={faq.id} className="faq__item">
                  <summary className="faq__question">{faq.question}</summary>
                  <div className="faq__answer">
                    <p>{faq.answer}</p>
                    {href ? (
                      <a href={href} target={href.startsWith('/') ? undefined : '_blank'} rel="noopener noreferrer">
                        {i18n._('Learn more')}
                      </a>
                    ) : null}
                  </div>
                </details>
              );
            })}
          </div>
        )}
      </ListState>
    </section>
  );
}
