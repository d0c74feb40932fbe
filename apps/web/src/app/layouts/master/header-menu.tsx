import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { IconCard, IconChip, IconDownload, IconFolder, IconToolbox } from '../../../components/ui/icons.tsx';
import { clientConfig } from '../../../lib/client-config.ts';

interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
}

/** Spec §2: Cards, Firmwares, Tools, Files, Downloads when signed in, Home when signed out. */
export function HeaderMenu({
  signedIn,
  onNavigate,
  megaMenu,
}: {
  signedIn: boolean;
  onNavigate?: () => void;
  /** The header's mega menu, after the page links (the side menu has none). */
  megaMenu?: ReactNode;
}) {
  const { t } = useTranslation();
  const items: MenuItem[] = signedIn
    ? [
        { to: '/cards', label: t('menu.cards'), icon: <IconCard /> },
        { to: '/firmwares', label: t('menu.firmwares'), icon: <IconChip /> },
        { to: '/tools', label: t('menu.tools'), icon: <IconToolbox /> },
        { to: '/files', label: t('menu.files'), icon: <IconFolder /> },
        { to: '/downloads', label: t('menu.downloads'), icon: <IconDownload /> },
      ]
    : [{ to: '/', label: t('menu.home'), icon: null }];

  return (
    <ul className="menu-nav">
      {items.map((item) => (
        <li key={item.to} className="menu-item">
          <NavLink to={item.to} end={item.to === '/'} className="menu-link" onClick={onNavigate}>
            {item.icon ? <span className="menu-icon">{item.icon}</span> : null}
            <span>{item.label}</span>
          </NavLink>
        </li>
      ))}
      {megaMenu}
      {/* The spec's support entry: switched off by a flag in this build, so hidden and disabled. */}
      {signedIn ? (
        <li className="menu-item" hidden={!clientConfig.supportEnabled}>
          {clientConfig.supportEnabled ? (
            <NavLink to="/support" className="menu-link" onClick={onNavigate}>
              <span>{t('menu.support')}</span>
            </NavLink>
          ) : (
            <span className="menu-link disabled" aria-disabled="true">
              {t('menu.support')}
            </span>
          )}
        </li>
      ) : null}
    </ul>
  );
}
