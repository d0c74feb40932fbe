import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { IconMonitor, IconMoon, IconSun } from '../../../components/ui/icons.tsx';
import {
  setThemeMenuMode,
  THEME_MENU_MODES,
  type ThemeMenuMode,
  useThemeMode,
} from '../../../lib/theme-mode.ts';

const MODE_ICONS = { light: IconSun, dark: IconMoon, system: IconMonitor } as const;

export function ThemeModeSwitcher() {
  const { t } = useTranslation();
  const { menuMode, mode, darkSkinEnabled } = useThemeMode();
  if (!darkSkinEnabled) return null;
  const CurrentIcon = mode === 'dark' ? IconMoon : IconSun;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        bsPrefix="topbar-button"
        variant=""
        className="btn-icon"
        aria-label={t('topbar.themeMode', { mode: t(`theme.${menuMode}`) })}
      >
        <CurrentIcon />
      </Dropdown.Toggle>
      <Dropdown.Menu className="menu-dropdown theme-menu">
        {THEME_MENU_MODES.map((option: ThemeMenuMode) => {
          const Icon = MODE_ICONS[option];
          return (
            <Dropdown.Item
              key={option}
              as="button"
              type="button"
              active={option === menuMode}
              aria-current={option === menuMode ? 'true' : undefined}
              onClick={() => setThemeMenuMode(option)}
            >
              <Icon size={18} className="me-2" />
              {t(`theme.${option}`)}
            </Dropdown.Item>
          );
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
