import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import en from '../locales/en.json';

beforeAll(async () => {
  await initI18n('en', en);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
