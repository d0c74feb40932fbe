import type { CurrentUser } from '@benchside/contracts/auth';
import { useRef } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageFlag } from '../../../components/ui/flags.tsx';
import {
  IconCard,
  IconCheck,
  IconEye,
  IconInbox,
  IconSignOut,
  IconUser,
  IconUsers,
} from '../../../components/ui/icons.tsx';
import { returnFocusAfterReload, useFocusAfterReload } from '../../../lib/focus-after-reload.ts';
import {
  chooseLanguage,
  isLanguage,
  LANGUAGES,
  type Language,
  NATIVE_LANGUAGE_NAMES,
} from '../../../lib/language.ts';

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/**
 * Spec §2 user menu: name and e-mail, Account Settings, the language list and Sign Out; with them the
 * technician's own pages that the header has no room for (conversations, customers).
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const displayName = user.profile.name || user.username;
  const toggle = useRef<HTMLButtonElement>(null);
  useFocusAfterReload('user-menu', toggle);
  const choose = (language: Language) => {
    returnFocusAfterReload('user-menu');
    chooseLanguage(language);
  };
  return (
    <Dropdown align="end">
      <Dropdown.Toggle ref={toggle} bsPrefix="topbar-avatar" variant="" aria-label={t('topbar.userMenu')}>
        <span aria-hidden="true">{initialsOf(displayName)}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="menu-dropdown user-menu">
        <div className="user-menu-header">
          <span className="user-menu-avatar" aria-hidden="true">
            {initialsOf(displayName)}
          </span>
          <div className="min-w-0">
            <div className="fw-bold text-truncate">{displayName}</div>
            <div className="small text-body-secondary text-truncate">{user.email}</div>
          </div>
        </div>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/account/settings">
          <IconUser size={18} className="me-2" />
          {t('menu.accountSettings')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/conversations">
          <IconInbox size={18} className="me-2" />
          {t('conversations.title')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/cards/credits">
          <IconCard size={18} className="me-2" />
          {t('credits.title')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/customers">
          <IconUsers size={18} className="me-2" />
          {t('menu.customers')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/watch-list">
          <IconEye size={18} className="me-2" />
          {t('menu.watchList')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <fieldset className="user-menu-languages">
          <legend className="dropdown-header user-menu-section">{t('language.label')}</legend>
          {LANGUAGES.map((language) => (
            <Dropdown.Item
              key={language}
              as="button"
              type="button"
              lang={language}
              className="language-item"
              active={language === current}
              aria-current={language === current ? 'true' : undefined}
              onClick={() => choose(language)}
            >
              <LanguageFlag language={language} />
              <span className="flex-grow-1">{t(`language.names.${language}`)}</span>
              {language === current ? (
                <IconCheck size={16} />
              ) : (
                <span className="small text-body-secondary">{NATIVE_LANGUAGE_NAMES[language]}</span>
              )}
            </Dropdown.Item>
          ))}
        </fieldset>
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/logout">
          <IconSignOut size={18} className="me-2" />
          {t('userMenu.signOut')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
