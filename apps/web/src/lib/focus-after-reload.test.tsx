import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ReloadingControl, returnFocusAfterReload, useFocusAfterReload } from './focus-after-reload.ts';

function Control({ control }: { control: ReloadingControl }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusAfterReload(control, ref);
  return (
    <button ref={ref} type="button">
      {control}
    </button>
  );
}

describe('focus after reload', () => {
  afterEach(() => sessionStorage.clear());

  it('gives the focus back to the control that reloaded the page, once', () => {
    returnFocusAfterReload('user-menu');
    const first = render(<Control control="user-menu" />);
    expect(document.activeElement).toBe(first.getByRole('button'));
    first.unmount();
    const second = render(<Control control="user-menu" />);
    expect(document.activeElement).not.toBe(second.getByRole('button'));
  });

  it('leaves the focus alone on a page load no control asked for, or another control asked for', () => {
    const untouched = render(<Control control="user-menu" />);
    expect(document.activeElement).toBe(document.body);
    untouched.unmount();
    returnFocusAfterReload('language-select');
    render(<Control control="user-menu" />);
    expect(document.activeElement).toBe(document.body);
  });
});
