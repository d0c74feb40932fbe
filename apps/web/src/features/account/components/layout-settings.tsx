import { useTranslation } from 'react-i18next';
import { useLayout } from '../../../components/layout/layout-provider.tsx';
import { TOOLBAR_LAYOUTS, type ToolbarLayout } from '../../../lib/layout-config.ts';

function isToolbarLayout(value: string): value is ToolbarLayout {
  return (TOOLBAR_LAYOUTS as readonly string[]).includes(value);
}

function LayoutSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="form-check form-switch mt-3">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="form-check-label fw-semibold">
        {label}
      </label>
      <div id={`${id}-hint`} className="form-text mt-0">
        {hint}
      </div>
    </div>
  );
}

/**
 * Lets the user pick the toolbar variant, the dark skin and the side menu; the layout provider
 * saves the choice and reapplies the layout.
 */
export function LayoutSettings() {
  const { t } = useTranslation();
  const { config, setLayout } = useLayout();
  return (
    <section className="card mt-4" aria-labelledby="layout-settings-title">
      <div className="card-header">
        <h2 id="layout-settings-title" className="card-title h5 mb-0">
          {t('pages.account.layoutTitle')}
        </h2>
      </div>
      <div className="card-body">
        <label htmlFor="layout-toolbar" className="form-label fw-semibold">
          {t('pages.account.toolbarLabel')}
        </label>
        <select
          id="layout-toolbar"
          className="form-select layout-select"
          aria-describedby="layout-toolbar-hint"
          value={config.toolbar.layout}
          onChange={(event) => {
            const layout = event.target.value;
            if (isToolbarLayout(layout)) setLayout({ ...config, toolbar: { ...config.toolbar, layout } });
          }}
        >
          {TOOLBAR_LAYOUTS.map((layout, index) => (
            <option key={layout} value={layout}>
              {t('pages.account.toolbarOption', { number: index + 1 })}
            </option>
          ))}
        </select>
        <div id="layout-toolbar-hint" className="form-text">
          {t('pages.account.layoutHint')}
        </div>
        <LayoutSwitch
          id="layout-dark-skin"
          label={t('pages.account.darkSkinLabel')}
          hint={t('pages.account.darkSkinHint')}
          checked={config.main.darkSkinEnabled}
          onChange={(darkSkinEnabled) => setLayout({ ...config, main: { ...config.main, darkSkinEnabled } })}
        />
        <LayoutSwitch
          id="layout-aside"
          label={t('pages.account.asideLabel')}
          hint={t('pages.account.asideHint')}
          checked={config.aside.display}
          onChange={(display) => setLayout({ ...config, aside: { display } })}
        />
      </div>
    </section>
  );
}
