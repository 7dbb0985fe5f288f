import { useLingui } from '@lingui/react';
import type React from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useHost } from '../host/index.ts';
import { useSite } from '../lib/api/get-site.ts';
import { LanguagePicker } from './language-picker.tsx';
import { ScrollManager } from './scroll-manager.tsx';
import { TelegramBackButton } from './telegram-back-button.tsx';
import { TelegramSession } from './telegram-session.tsx';
import { Toaster } from '../components/toasts.tsx';
import { WebMainButton } from '../components/web-main-button.tsx';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function SiteHeader() {
  const { i18n } = useLingui();
  const { pathname, hash } = useLocation();
  const onContact = pathname === '/' && hash === '#contact';
  const onHome = pathname === '/' && !onContact;
  const site = useSite();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true">
            {initials(site.data?.company.name ?? '')}
          </span>
          {site.data ? <span className="site-header__name">{site.data.company.name}</span> : <span className="visually-hidden">{i18n._('Home')}</span>}
        </Link>
        <nav aria-label={i18n._('Main')} className="site-nav">
          {/* Home and Contact share the path "/": the hash tells which one is current. */}
          <Link to="/" className={onHome ? 'site-nav__link active' : 'site-nav__link'} aria-current={onHome ? 'page' : undefined}>
            {i18n._('Home')}
          </Link>
          <NavLink to="/application" className="site-nav__link">
            {i18n._('Apply')}
          </NavLink>
          <Link to="/#contact" className={onContact ? 'site-nav__link active' : 'site-nav__link'} aria-current={onContact ? 'location' : undefined}>
            {i18n._('Contact')}
          </Link>
        </nav>
        <LanguagePicker />
      </div>
    </header>
  );
}

/** Moves focus without touching the URL, so the router does not treat it as navigation. */
function skipToContent(event: React.MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

export function RootLayout() {
  const { i18n } = useLingui();
  const host = useHost();
  return (
    <div className={`layout layout--${host.kind}`}>
      <a href="#main" className="skip-link" onClick={skipToContent}>
        {i18n._('Skip to content')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="layout__main">
        <Outlet />
        <WebMainButton />
      </main>
      <Toaster />
      <ScrollManager />
      <TelegramBackButton />
      <TelegramSession />
    </div>
  );
}
