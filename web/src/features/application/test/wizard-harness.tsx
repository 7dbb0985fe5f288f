import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { ConsentsAnswer, MyApplication } from '../../../../../domain/contracts/applications.ts';
import { CONSENTS } from '../../../../../domain/consents.ts';
import { WebMainButton } from '../../../components/web-main-button.tsx';
import { Toaster } from '../../../components/toasts.tsx';
import { DRAFT_STORAGE_KEY } from '../../../lib/application-draft.ts';
import { mockFetch, renderWithProviders, type RenderWithProvidersOptions } from '../../../test/render.tsx';
import ApplicationPage, { applicationSteps } from '../application-page.tsx';

export const consentsAnswer: ConsentsAnswer = CONSENTS.map(({ kind, version, required, text }) => ({
  kind,
  version,
  required,
  text: text.replace('{company}', 'Dealer'),
}));

export const submitted: MyApplication = {
  id: 41,
  status: 'in_review',
  submittedAt: '2026-06-15T12:00:00.000Z',
  car: null,
  deal: null,
  offers: [],
  history: [{ status: 'in_review', at: '2026-06-15T12:00:00.000Z' }],
  regBDueAt: '2026-07-15T12:00:00.000Z',
  notice: null,
};

/** The wizard's API at the network edge: no application, no saved draft, saves accepted. */
export function mockWizardApi(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/applications/mine': () => null,
    'GET /api/applications/draft': () => null,
    'PUT /api/applications/draft': () => ({ updatedAt: '2026-06-15T12:00:00.000Z' }),
    'DELETE /api/applications/draft': () => new Response(null, { status: 204 }),
    'GET /api/applications/consents': () => consentsAnswer,
    'GET /api/me': () => ({ user: { id: 7 }, isAdmin: false, via: 'guest' }),
    'GET /api/site': () => ({
      company: { name: 'Dealer', address: '', phone: '', email: '', socialLinks: [] },
      botUsername: null,
      telegramLoginEnabled: false,
    }),
    ...extra,
  });
}

function Location() {
  const location = useLocation();
  return <div data-testid="location" data-pathname={location.pathname} data-search={location.search} hidden />;
}

function Layout() {
  return (
    <main>
      <Outlet />
      <WebMainButton />
      <Location />
      <Toaster />
    </main>
  );
}

/** The draft a reload finds in this tab (sessionStorage), before the wizard starts. */
export function storeDraft(draft: unknown) {
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
}

/** The wizard under /application as the app routes it, with the layout's Main button. */
export function renderWizard(path = '/application', options: RenderWithProvidersOptions = {}) {
  // Each step as the app's router loads it (app/router.tsx): a later step's chunk comes on its own.
  const step = (name: keyof typeof applicationSteps) => async () => ({ Component: await applicationSteps[name]() });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          {
            path: 'application',
            Component: ApplicationPage,
            children: [
              { index: true, lazy: step('intro') },
              { path: 'personal', lazy: step('personal') },
              { path: 'housing', lazy: step('housing') },
              { path: 'income', lazy: step('income') },
              { path: 'license', lazy: step('license') },
              { path: 'review', lazy: step('review') },
            ],
          },
          { path: 'cars', element: <p>Cars</p> },
          { index: true, element: <p>Home</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />, { ...options, router: false }), router };
}

export const pathname = () => document.querySelector<HTMLElement>('[data-testid="location"]')?.dataset.pathname;
