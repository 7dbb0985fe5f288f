import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WebMainButton } from '../../components/web-main-button.tsx';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import HomePage from './home-page.tsx';

const SITE = {
  company: {
    name: 'Liberty Auto Credit',
    address: '1200 Commerce Street, Dallas, TX 75202',
    phone: '+1 (214) 555-0147',
    email: 'sales@libertyautocredit.example',
    socialLinks: ['https://facebook.com/liberty', 'https://www.instagram.com/liberty'],
  },
  botUsername: 'LibertyAutoBot',
  telegramLoginEnabled: true,
};

const FAQS = [
  {
    id: 2,
    question: 'Who can apply?',
    answer: 'Anyone 18 or older.',
    url: 'https://example.com/faq',
    lang: 'en',
    createdAt: '2026-01-02T00:00:00Z',
  },
  { id: 1, question: 'How long?', answer: 'One business day.', url: 'javascript:alert(1)', lang: 'en', createdAt: '2026-01-01T00:00:00Z' },
];

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

function renderHome(site: unknown = SITE, { applied = false } = {}) {
  network = mockFetch({
    'GET /api/site': () => site,
    'GET /api/faqs/public?lang=en': () => FAQS,
    ...(applied
      ? {
          'GET /api/me': () => ({ user: { id: 5 }, isAdmin: false, via: 'guest' }),
          'GET /api/applications/mine': () => ({ id: 12, status: 'in_review' }),
        }
      : {}),
  });
  return renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={
          <>
            <HomePage />
            <WebMainButton />
          </>
        }
      />
      <Route path="/application" element={<h1>Application screen</h1>} />
    </Routes>,
  );
}

describe('the home page', () => {
  it('has the hero with Start Application and three promos, the first with Apply for loan', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Application' }).getAttribute('href')).toBe('/application');
    const promos = ['Buy with a car loan', 'Lease and pay less each month', 'Rebuild your credit'].map((name) =>
      screen.getByRole('heading', { level: 2, name }).closest('section')!,
    );
    expect(within(promos[0]!).getByRole('link', { name: 'Apply for loan' }).getAttribute('href')).toBe('/application');
  });

  it('offers to value a trade-in', () => {
    renderHome();
    const promo = screen.getByRole('heading', { level: 2, name: 'Trade in your car' }).closest('section')!;
    expect(within(promo).getByRole('link', { name: 'Value your trade' }).getAttribute('href')).toBe('/trade-in');
  });

  it('leads to the shopper’s test drives and holds', () => {
    renderHome();
    const promo = screen.getByRole('heading', { level: 2, name: 'Test drive before you decide' }).closest('section')!;
    expect(within(promo).getByRole('link', { name: 'My visits' }).getAttribute('href')).toBe('/visits');
  });

  it('links the marquee to the bot chat', async () => {
    renderHome();
    const marquee = await screen.findByRole('link', { name: /Chat with our team on Telegram @LibertyAutoBot/ });
    expect(marquee.getAttribute('href')).toBe('https://t.me/LibertyAutoBot');
  });

  it('hides the marquee when no bot is configured', async () => {
    renderHome({ ...SITE, botUsername: null });
    await screen.findByText('1200 Commerce Street, Dallas, TX 75202');
    expect(screen.queryByRole('link', { name: /Chat with our team/ })).toBeNull();
  });

  it('lists the public FAQs of the current language, with safe links only', async () => {
    renderHome();
    expect(await screen.findByText('Who can apply?')).toBeTruthy();
    expect(screen.getByText('How long?')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Learn more', hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/faq']);
    expect(network!.calls.some((call) => call.url.search === '?lang=en')).toBe(true);
  });

  it('shows the contact details from the configuration at #contact', async () => {
    renderHome();
    const contact = (await screen.findByRole('heading', { name: 'Contact us' })).closest('section')!;
    expect(contact.id).toBe('contact');
    expect(await within(contact).findByText('1200 Commerce Street, Dallas, TX 75202')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: '+1 (214) 555-0147' }).getAttribute('href')).toBe('tel:+12145550147');
    expect(within(contact).getByRole('link', { name: 'sales@libertyautocredit.example' }).getAttribute('href')).toBe(
      'mailto:sales@libertyautocredit.example',
    );
    expect(within(contact).getByRole('link', { name: 'Facebook' })).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'Instagram' })).toBeTruthy();
  });

  it('ends with Fill out an application, which opens the application', async () => {
    renderHome();
    await userEvent.click(screen.getByRole('button', { name: 'Fill out an application' }));
    expect(await screen.findByRole('heading', { name: 'Application screen' })).toBeTruthy();
  });

  it('promises a decision within the 30 days the status page counts, not a business day', () => {
    renderHome();
    expect(screen.getByText(/hear our decision within 30 days at the latest/)).toBeTruthy();
    expect(screen.queryByText(/business day/)).toBeNull();
  });

  it('offers someone who has applied their loan status instead of a new application', async () => {
    renderHome(SITE, { applied: true });
    const links = await screen.findAllByRole('link', { name: 'See your loan status' }, { timeout: 3000 });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/application', '/application']);
    expect(screen.queryByRole('link', { name: 'Start Application' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply for loan' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your application is with us' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'See your loan status' }));
    expect(await screen.findByRole('heading', { name: 'Application screen' })).toBeTruthy();
  });

  it('survives answers of the wrong shape', async () => {
    network = mockFetch({ 'GET /api/site': () => ({ company: 'nope' }), 'GET /api/faqs/public': () => ({ items: 5 }) });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('We could not load the questions. Please try again later.')).toBeTruthy();
    expect(await screen.findByText('We could not load our contact details. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('still renders when the API is down', async () => {
    network = mockFetch({});
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('We could not load the questions. Please try again later.')).toBeTruthy();
    expect(await screen.findByText('We could not load our contact details. Please try again later.')).toBeTruthy();
  });
});
