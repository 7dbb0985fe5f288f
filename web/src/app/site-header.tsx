import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LanguagePicker } from '../components/language-picker.tsx';
import { useIsAdmin } from '../lib/api/get-me.ts';
import { useHasApplied } from '../lib/api/get-my-application.ts';
import { useSite } from '../lib/api/get-site.ts';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'site-nav__link active' : 'site-nav__link');

/**
 * The website's header (docs/product/screens.md#screens-and-routes): the dealer's name, the pages and the language, on one line.
 * Where they cannot fit on one line (phones, narrow windows) the pages and the language fold
 * behind a Menu button; the open menu closes on the next navigation.
 */
export function SiteHeader() {
  const { i18n } = useLingui();
  const { pathname, hash, key } = useLocation();
  const site = useSite();
  const isAdmin = useIsAdmin();
  const applied = useHasApplied() === true;
  const panelId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on: any navigation closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === key;
  const onContact = pathname === '/' && hash === '#contact';
  const onHome = pathname === '/' && !onContact;

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="site-header" data-menu-open={menuOpen}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <span className="site-header__logo" aria-hidden="true">
            {initials(site.data?.company.name ?? '')}
          </span>
          {site.data ? (
            <span className="site-header__name">{site.data.company.name}</span>
          ) : (
            <span className="visually-hidden">{i18n._('Home')}</span>
          )}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setOpenOn(menuOpen ? null : key)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="site-header__menu-label">{i18n._('Menu')}</span>
        </button>
        <div id={panelId} className="site-header__panel">
          <nav aria-label={i18n._('Main')} className="site-nav">
            {/* Home and Contact share the path "/": the hash tells which one is current. */}
            <Link to="/" className={onHome ? 'site-nav__link active' : 'site-nav__link'} aria-current={onHome ? 'page' : undefined}>
              {i18n._('Home')}
            </Link>
            <NavLink to="/cars" className={navLinkClass}>
              {i18n._('Cars')}
            </NavLink>
            <NavLink to="/favorites" className={navLinkClass}>
              {i18n._('Favourites')}
            </NavLink>
            {/* Someone who has applied comes back for the status, as the mini app's tab bar says. */}
            <NavLink to="/application" className={navLinkClass}>
              {applied ? i18n._('Loan status') : i18n._('Apply')}
            </NavLink>
            <Link
              to="/#contact"
              className={onContact ? 'site-nav__link active' : 'site-nav__link'}
              aria-current={onContact ? 'location' : undefined}
            >
              {i18n._('Contact')}
            </Link>
            {isAdmin ? (
              <NavLink to="/dashboard" className={navLinkClass}>
                {i18n._('Dashboard')}
              </NavLink>
            ) : null}
          </nav>
          <LanguagePicker />
        </div>
      </div>
    </header>
  );
}
